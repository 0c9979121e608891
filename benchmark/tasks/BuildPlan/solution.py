import graphlib


class BuildPlan:
    """
    The targets of a build, each taking a whole number of minutes and depending on other targets that must be
    built before it. Targets whose dependencies are built can be built at the same time, without limit.
    Where a choice is open, names are taken in alphabetical order, so every answer is unique.
    """

    def __init__(self):
        """
        Create an empty plan.
        self.targets: dict, target -> [minutes (int), sorted list of the targets it depends on]; {} at first
        """
        self.targets = {}

    def add_target(self, name: str, minutes: int, depends_on: list) -> bool:
        """
        Define a target, or define an existing one anew. Dependencies may name targets not defined yet.
        :param name: str, the target, not empty
        :param minutes: int, how long it takes to build, at least 0
        :param depends_on: list of str, the targets to build first; repeats are kept once; must not hold name;
            the plan keeps a sorted copy, so later changes to this list do not change the plan
        :return: bool, True when the target is new, False when it replaced a definition
        :raises ValueError: when name is empty, minutes is negative or the target depends on itself (nothing
            changes then)
        >>> plan = BuildPlan()
        >>> plan.add_target("app", 5, ["lib", "assets", "lib"]), plan.add_target("app", 6, ["lib"])
        (True, False)
        >>> plan.targets
        {'app': [6, ['lib']]}
        """
        if not name or minutes < 0 or name in depends_on:
            raise ValueError(f"cannot define target {name!r}")
        new = name not in self.targets
        self.targets[name] = [minutes, sorted(set(depends_on))]
        return new

    def remove_target(self, name: str) -> bool:
        """
        Remove a target that no other target depends on.
        :param name: str, the target
        :return: bool, True when removed, False when it was not defined
        :raises ValueError: when another target depends on it, defined or not (nothing changes then)
        >>> plan = BuildPlan()
        >>> plan.add_target("lib", 3, []), plan.add_target("app", 5, ["lib"])
        (True, True)
        >>> plan.remove_target("app"), plan.remove_target("app"), plan.targets
        (True, False, {'lib': [3, []]})
        """
        users = [other for other, (_, deps) in self.targets.items() if name in deps]
        if users:
            raise ValueError(f"{name!r} is needed by {users}")
        return self.targets.pop(name, None) is not None

    def rounds(self) -> list:
        """
        The build in rounds: the first round holds every target without dependencies, each later round every
        target not yet built whose dependencies are all built in earlier rounds; each round in alphabetical order.
        :return: list of list of str, the rounds, [] for an empty plan
        :raises ValueError: when a dependency is not a defined target, or dependencies form a cycle
        >>> plan = BuildPlan()
        >>> for name, minutes, deps in [("app", 5, ["lib", "assets"]), ("lib", 3, ["core"]), ("core", 2, []),
        ...                             ("assets", 4, [])]:
        ...     _ = plan.add_target(name, minutes, deps)
        >>> plan.rounds()
        [['assets', 'core'], ['lib'], ['app']]
        """
        for name, (_, deps) in self.targets.items():
            missing = [dep for dep in deps if dep not in self.targets]
            if missing:
                raise ValueError(f"{name!r} depends on undefined {missing}")
        sorter = graphlib.TopologicalSorter({name: deps for name, (_, deps) in self.targets.items()})
        sorter.prepare()
        result = []
        while sorter.is_active():
            ready = sorted(sorter.get_ready())
            sorter.done(*ready)
            result.append(ready)
        return result

    def order(self) -> list:
        """
        One build order: the rounds one after the other.
        :return: list of str, every target once, [] for an empty plan
        :raises ValueError: as rounds does
        >>> plan = BuildPlan()
        >>> plan.add_target("b", 1, []), plan.add_target("a", 1, ["c"]), plan.add_target("c", 1, [])
        (True, True, True)
        >>> plan.order()
        ['b', 'c', 'a']
        """
        return [name for level in self.rounds() for name in level]

    def affected(self, name: str) -> list:
        """
        What must be rebuilt when a target changes: the target and every target that depends on it, directly or
        through others, in build order (see order).
        :param name: str, a defined target
        :return: list of str, the targets to rebuild
        :raises ValueError: when the target is not defined, or as rounds does
        >>> plan = BuildPlan()
        >>> for name, minutes, deps in [("app", 5, ["lib", "assets"]), ("lib", 3, ["core"]), ("core", 2, []),
        ...                             ("assets", 4, []), ("docs", 1, ["core"])]:
        ...     _ = plan.add_target(name, minutes, deps)
        >>> plan.affected("core")
        ['core', 'docs', 'lib', 'app']
        """
        if name not in self.targets:
            raise ValueError(f"unknown target {name!r}")
        hit = {name}
        result = []
        for target in self.order():
            if target in hit or hit.intersection(self.targets[target][1]):
                hit.add(target)
                result.append(target)
        return result

    def critical_path(self) -> tuple:
        """
        How long the whole build takes when every target starts as soon as its dependencies are finished, and the
        chain of targets that decides it. A target finishes its minutes after the latest of its dependencies
        finishes (after 0 without dependencies). The chain ends with the target that finishes last and goes back,
        at each step, to the dependency that finishes last; equal times are decided by alphabetical order.
        :return: tuple, (total minutes, list of the chain's targets from first to last built); (0, []) for an
            empty plan
        :raises ValueError: as rounds does
        >>> plan = BuildPlan()
        >>> for name, minutes, deps in [("app", 5, ["lib", "assets"]), ("lib", 3, ["core"]), ("core", 2, []),
        ...                             ("assets", 4, [])]:
        ...     _ = plan.add_target(name, minutes, deps)
        >>> plan.critical_path()
        (10, ['core', 'lib', 'app'])
        """
        finish = {}
        for target in self.order():
            minutes, deps = self.targets[target]
            finish[target] = minutes + max((finish[dep] for dep in deps), default=0)
        if not finish:
            return 0, []
        chain = [min(finish, key=lambda target: (-finish[target], target))]
        while self.targets[chain[-1]][1]:
            deps = self.targets[chain[-1]][1]
            chain.append(min(deps, key=lambda target: (-finish[target], target)))
        return finish[chain[0]], chain[::-1]
