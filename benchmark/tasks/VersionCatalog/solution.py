import functools
import re


class VersionCatalog:
    """
    The released versions of one package, written as semantic versions "MAJOR.MINOR.PATCH" with an optional
    pre-release part "-id.id...". Versions are ordered by semantic-version precedence, can be withdrawn
    (yanked), and can be looked up with range constraints such as "^1.2.0" or "~0.3.1".
    """

    def __init__(self):
        """
        Create an empty catalogue.
        self.releases: list, released version strings, kept sorted from lowest to highest precedence
        self.yanked: set, released versions that were withdrawn
        """
        self.releases = []
        self.yanked = set()

    def parse(self, version: str) -> tuple:
        """
        Split a version into its parts. MAJOR, MINOR and PATCH are non-negative integers without leading zeros;
        the optional pre-release part after "-" is a dot-separated list of non-empty identifiers made of ASCII
        letters, digits and "-", where identifiers made only of digits have no leading zeros. Build metadata
        ("+...") is not accepted.
        :param version: str, the version text
        :return: tuple, (major, minor, patch, pre-release identifiers as a tuple of str, empty for a release)
        :raises ValueError: when the text is not a valid version
        >>> catalog = VersionCatalog()
        >>> catalog.parse("1.10.0-rc.1")
        (1, 10, 0, ('rc', '1'))
        >>> catalog.parse("0.2.3")
        (0, 2, 3, ())
        """
        match = re.fullmatch(
            r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?", version
        )
        if match is None:
            raise ValueError(f"not a semantic version: {version!r}")
        pre = tuple(match.group(4).split(".")) if match.group(4) else ()
        for identifier in pre:
            if identifier.isdigit() and identifier.startswith("0") and identifier != "0":
                raise ValueError(f"leading zero in pre-release identifier: {identifier!r}")
        return int(match.group(1)), int(match.group(2)), int(match.group(3)), pre

    def compare(self, first: str, second: str) -> int:
        """
        Compare two versions by precedence: MAJOR, MINOR, PATCH numerically; a pre-release is lower than the
        release with the same numbers; pre-release identifiers are compared left to right, numeric ones
        numerically, others in ASCII order, a numeric identifier being lower than a non-numeric one; when all
        shared identifiers are equal, the shorter list is lower.
        :param first: str, a version
        :param second: str, a version
        :return: int, -1 when first is lower, 0 when equal, 1 when first is higher
        :raises ValueError: when either text is not a valid version
        >>> catalog = VersionCatalog()
        >>> catalog.compare("1.0.0-alpha", "1.0.0"), catalog.compare("1.0.0-rc.11", "1.0.0-rc.2"), catalog.compare("2.1.0", "2.1.0")
        (-1, 1, 0)
        """
        a, b = self.parse(first), self.parse(second)
        if a[:3] != b[:3]:
            return -1 if a[:3] < b[:3] else 1
        if a[3] == b[3]:
            return 0
        if not a[3]:
            return 1
        if not b[3]:
            return -1
        for x, y in zip(a[3], b[3]):
            if x == y:
                continue
            if x.isdigit() and y.isdigit():
                return -1 if int(x) < int(y) else 1
            if x.isdigit() or y.isdigit():
                return -1 if x.isdigit() else 1
            return -1 if x < y else 1
        return -1 if len(a[3]) < len(b[3]) else 1

    def add_release(self, version: str) -> bool:
        """
        Record a release and keep the list sorted by precedence.
        :param version: str, the released version
        :return: bool, True when added, False when it was already released
        :raises ValueError: when the text is not a valid version
        >>> catalog = VersionCatalog()
        >>> catalog.add_release("1.0.0"), catalog.add_release("1.0.0-beta"), catalog.add_release("0.9.12")
        (True, True, True)
        >>> catalog.add_release("1.0.0")
        False
        >>> catalog.releases
        ['0.9.12', '1.0.0-beta', '1.0.0']
        """
        self.parse(version)
        if version in self.releases:
            return False
        self.releases.append(version)
        self.releases.sort(key=functools.cmp_to_key(self.compare))
        return True

    def yank(self, version: str) -> bool:
        """
        Withdraw a release: it stays in releases but best_match no longer picks it.
        :param version: str, a released version
        :return: bool, True when it was withdrawn now; False when it is not released or already withdrawn
        >>> catalog = VersionCatalog()
        >>> catalog.releases = ["1.0.0"]
        >>> catalog.yank("1.0.0"), catalog.yank("1.0.0"), catalog.yank("2.0.0")
        (True, False, False)
        >>> catalog.yanked
        {'1.0.0'}
        """
        if version not in self.releases or version in self.yanked:
            return False
        self.yanked.add(version)
        return True

    def satisfies(self, version: str, constraint: str) -> bool:
        """
        Check a version against a constraint: an operator followed by a version. "=" (or no operator) means
        exactly that version; ">=", ">", "<=", "<" compare by precedence; "^B" means at least B and below the
        next increase of B's first non-zero part among MAJOR, MINOR, PATCH (^1.2.3 is below 2.0.0, ^0.2.3 below
        0.3.0, ^0.0.3 below 0.0.4); "~B" means at least B and below MAJOR.(MINOR+1).0. A pre-release version
        satisfies only an exact constraint.
        :param version: str, the version to check
        :param constraint: str, the constraint
        :return: bool, whether the version satisfies the constraint
        :raises ValueError: when the version or the constraint's version is invalid
        >>> catalog = VersionCatalog()
        >>> catalog.satisfies("1.9.0", "^1.2.0"), catalog.satisfies("0.3.0", "^0.2.5"), catalog.satisfies("1.3.0", "~1.2.0")
        (True, False, False)
        >>> catalog.satisfies("2.0.0-rc.1", ">=1.0.0"), catalog.satisfies("2.0.0-rc.1", "2.0.0-rc.1")
        (False, True)
        """
        match = re.fullmatch(r"(\^|~|>=|<=|>|<|=)?(.*)", constraint)
        operator, base = match.group(1) or "=", match.group(2)
        order = self.compare(version, base)
        if operator == "=":
            return order == 0
        if self.parse(version)[3]:
            return False
        if operator == ">=":
            return order >= 0
        if operator == ">":
            return order > 0
        if operator == "<=":
            return order <= 0
        if operator == "<":
            return order < 0
        major, minor, patch, _ = self.parse(base)
        if operator == "~" or major == 0 and minor > 0:
            upper = f"{major}.{minor + 1}.0"
        elif major > 0:
            upper = f"{major + 1}.0.0"
        else:
            upper = f"0.0.{patch + 1}"
        return order >= 0 and self.compare(version, upper) < 0

    def best_match(self, constraint: str) -> str:
        """
        The highest release that is not withdrawn and satisfies the constraint.
        :param constraint: str, a constraint as accepted by satisfies
        :return: str, the version, or "" when none qualifies
        :raises ValueError: when the constraint's version is invalid
        >>> catalog = VersionCatalog()
        >>> catalog.releases = ["1.1.0", "1.2.0", "1.3.0-rc.1", "2.0.0"]
        >>> catalog.yanked = {"1.2.0"}
        >>> catalog.best_match("^1.0.0"), catalog.best_match("^3.0.0")
        ('1.1.0', '')
        """
        for version in reversed(self.releases):
            if version not in self.yanked and self.satisfies(version, constraint):
                return version
        return ""

    def next_version(self, version: str, part: str) -> str:
        """
        The version after a bump. "major" gives (MAJOR+1).0.0, "minor" gives MAJOR.(MINOR+1).0; "patch" gives
        MAJOR.MINOR.(PATCH+1) for a release but just drops the pre-release part of a pre-release
        (1.2.3-rc.1 becomes 1.2.3). The result never has a pre-release part.
        :param version: str, the current version
        :param part: str, "major", "minor" or "patch"
        :return: str, the bumped version
        :raises ValueError: when the version is invalid or part is not one of the three names
        >>> catalog = VersionCatalog()
        >>> catalog.next_version("1.9.3", "minor"), catalog.next_version("1.2.3-rc.1", "patch"), catalog.next_version("0.4.1", "major")
        ('1.10.0', '1.2.3', '1.0.0')
        """
        major, minor, patch, pre = self.parse(version)
        if part == "major":
            return f"{major + 1}.0.0"
        if part == "minor":
            return f"{major}.{minor + 1}.0"
        if part == "patch":
            return f"{major}.{minor}.{patch if pre else patch + 1}"
        raise ValueError(f"unknown part: {part!r}")
