import re


class ConfigDocument:
    """
    A configuration in the INI style: named sections of key = value lines. Keys are compared in lower case,
    section names exactly. Keys written before the first section header belong to the section named "".
    A value may refer to another value: "${key}" to a key of its own section, "${section:key}" to a key of
    another section (named, not ""); "$$" stands for one "$". References are replaced when a value is read with get.
    """

    def __init__(self):
        """
        Create an empty configuration.
        self.sections: dict, section name -> dict of key (lower case) -> value as written (references not
            replaced), sections and keys in the order they first appeared; {} at first
        """
        self.sections = {}

    def parse(self, text: str) -> int:
        """
        Read configuration text and add its sections and keys to self.sections.
        Every call starts in section "": the keys before the text's first header belong to it (section "" is added
        to self.sections only when it gets a key, while a header adds its section even when no key follows).
        Lines are separated by "\\n" and read with surrounding whitespace removed. Empty lines and lines starting
        with "#" or ";" are skipped. "[name]" starts (or continues, when it already exists) the section name,
        with whitespace around name removed; name must not be empty or contain "[" or "]". A key line is a key
        of ASCII letters, digits, "_", "." and "-", optional spaces or tabs, "=" or ":", then the value, whose
        surrounding whitespace is removed. A key that a section already has gets the new value (keeping its
        place).
        :param text: str, the configuration text
        :return: int, the number of key lines read
        :raises ValueError: when a line is neither skipped, a section header nor a key line (nothing of the text
            is added then)
        >>> config = ConfigDocument()
        >>> config.parse("name = demo\\n[Server]\\nHost: example.org\\n; comment\\nport = 8080")
        3
        >>> config.sections
        {'': {'name': 'demo'}, 'Server': {'host': 'example.org', 'port': '8080'}}
        """
        sections = {name: dict(keys) for name, keys in self.sections.items()}
        current = ""
        count = 0
        for raw in text.split("\n"):
            line = raw.strip()
            if not line or line[0] in "#;":
                continue
            header = re.fullmatch(r"\[([^\[\]]*)\]", line)
            pair = re.fullmatch(r"([A-Za-z0-9_.-]+)[ \t]*[=:](.*)", line)
            if header and header.group(1).strip():
                current = header.group(1).strip()
                sections.setdefault(current, {})
            elif pair:
                sections.setdefault(current, {})[pair.group(1).lower()] = pair.group(2).strip()
                count += 1
            else:
                raise ValueError(f"cannot read line {raw!r}")
        self.sections = sections
        return count

    def get(self, section: str, key: str) -> str:
        """
        A value with every "$$" replaced by "$" and every reference by the referred value, whose own "$$" and
        references are replaced in turn (a "${key}" in it names a key of the referred value's section). The
        text a replacement puts in is not scanned again: "$$$$" gives "$$", and "$${a}" gives "${a}".
        In "${section:key}" and "${key}" the key is compared in lower case; the text between the braces
        must contain neither "{" nor "}", and a "$" that starts neither "$$" nor a reference stays as it is; so does
        text like "${}" or "${:key}" (an empty section or key makes no reference).
        :param section: str, the section's name
        :param key: str, the key, compared in lower case
        :return: str, the value with its references replaced
        :raises KeyError: when the section or the key does not exist
        :raises ValueError: when a reference names a missing section or key, or references form a cycle
        >>> config = ConfigDocument()
        >>> config.parse("[paths]\\nroot = /srv\\nlogs = ${root}/logs\\n[app]\\nlog = ${paths:logs}/app.log; $$5")
        3
        >>> config.get("app", "LOG")
        '/srv/logs/app.log; $5'
        """
        pattern = re.compile(r"\$\$|\$\{(?:([^{}:]+):)?([^{}:]+)\}")

        def resolve(where, name, chain):
            if (where, name) in chain:
                raise ValueError(f"references form a cycle at {where}:{name}")
            if name not in self.sections.get(where, {}):
                raise ValueError(f"a reference names a missing key: {where}:{name}")

            def replace(match):
                if match.group(0) == "$$":
                    return "$"
                other = where if match.group(1) is None else match.group(1)
                return resolve(other, match.group(2).lower(), chain + [(where, name)])

            return pattern.sub(replace, self.sections[where][name])

        if key.lower() not in self.sections[section]:
            raise KeyError(key)
        return resolve(section, key.lower(), [])

    def get_int(self, section: str, key: str, default: int) -> int:
        """
        A value (references replaced, see get) read as a whole number: optional "+" or "-", then digits, with
        surrounding whitespace allowed.
        :param section: str, the section's name
        :param key: str, the key, compared in lower case
        :param default: int, returned when the section or the key does not exist
        :return: int, the number
        :raises ValueError: when the value is not a whole number, or a reference fails as in get
        >>> config = ConfigDocument()
        >>> config.parse("[server]\\nport = 8080\\nname = web")
        2
        >>> config.get_int("server", "port", 80), config.get_int("server", "workers", 4)
        (8080, 4)
        """
        try:
            value = self.get(section, key)
        except KeyError:
            return default
        if not re.fullmatch(r"\s*[+-]?\d+\s*", value):
            raise ValueError(f"not a whole number: {value!r}")
        return int(value)

    def get_bool(self, section: str, key: str) -> bool:
        """
        A value (references replaced, see get) read as a truth value: "true", "yes", "on" and "1" are True,
        "false", "no", "off" and "0" are False, compared without regard to case.
        :param section: str, the section's name
        :param key: str, the key, compared in lower case
        :return: bool, the truth value
        :raises KeyError: when the section or the key does not exist
        :raises ValueError: when the value is none of these words, or a reference fails as in get
        >>> config = ConfigDocument()
        >>> config.parse("debug = Yes\\nverbose = off")
        2
        >>> config.get_bool("", "debug"), config.get_bool("", "verbose")
        (True, False)
        """
        value = self.get(section, key).lower()
        if value in ("true", "yes", "on", "1"):
            return True
        if value in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"not a truth value: {value!r}")

    def set(self, section: str, key: str, value: str) -> bool:
        """
        Give a key a value (stored as written, references not replaced), adding the section when it is new.
        :param section: str, the section's name: "" or a name that parse would accept in a header (no "[", "]",
            no surrounding whitespace)
        :param key: str, one or more ASCII letters, digits, "_", "." and "-"; stored in lower case
        :param value: str, the value, without "\\n" and without surrounding whitespace
        :return: bool, True when the key is new in the section, False when its value was replaced
        :raises ValueError: when section, key or value does not have the form described (nothing changes then)
        >>> config = ConfigDocument()
        >>> config.set("db", "User", "admin"), config.set("db", "user", "root")
        (True, False)
        >>> config.sections
        {'db': {'user': 'root'}}
        """
        if re.search(r"[\[\]]", section) or section != section.strip():
            raise ValueError(f"not a section name: {section!r}")
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", key) or "\n" in value or value != value.strip():
            raise ValueError(f"not a key or value: {key!r} = {value!r}")
        keys = self.sections.setdefault(section, {})
        new = key.lower() not in keys
        keys[key.lower()] = value
        return new

    def dump(self) -> str:
        """
        Write the configuration as text that parse reads back to the same sections: the keys of section "" first,
        without a header, then every other section in order as "[name]" followed by its keys; each key as
        "key = value" in order; every line ends with "\\n"; a blank line separates two sections. A section "" with
        no keys is left out; other sections without keys are written as their header alone.
        :return: str, the text, "" for an empty configuration
        >>> config = ConfigDocument()
        >>> config.parse("top = 0\\n[b]\\nx = 1\\n[a]\\ny = ${b:x}\\n[c]")
        3
        >>> print(config.dump(), end="")
        top = 0
        <BLANKLINE>
        [b]
        x = 1
        <BLANKLINE>
        [a]
        y = ${b:x}
        <BLANKLINE>
        [c]
        """
        blocks = []
        if self.sections.get(""):
            blocks.append("".join(f"{key} = {value}\n" for key, value in self.sections[""].items()))
        for name, keys in self.sections.items():
            if name:
                lines = [f"[{name}]\n"] + [f"{key} = {value}\n" for key, value in keys.items()]
                blocks.append("".join(lines))
        return "\n".join(blocks)
