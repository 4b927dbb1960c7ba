"""The Python blocks of docs/python.md, and a check that each one runs on its own.

    python3 docs/python/snippets.py check docs/python.md     # compiles each block; lists names used before they are set

Used by run_all.py (which runs the blocks) and by the repository's tests, which run the check
where the SDK is not installed. Standard library only.
"""
import ast
import builtins
import re
import sys
from pathlib import Path

FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)


def python_blocks(markdown):
    """Each ```python block as (line of its first code line, code)."""
    return [(markdown.count("\n", 0, match.start(1)) + 1, match.group(1)) for match in FENCE.finditer(markdown)]


class _Names(ast.NodeVisitor):
    """Names a block reads before it binds them, at module level, or never binds at all."""

    def __init__(self):
        self.bound = set()
        self.missing = []
        self.local = [set()]  # names bound in the enclosing function or comprehension scopes
        self.deferred = []  # (name, line) read inside functions: they run after the module is done

    def _bind(self, name):
        (self.local[-1] if len(self.local) > 1 else self.bound).add(name)

    def _read(self, name, line):
        if any(name in scope for scope in self.local) or name in self.bound or hasattr(builtins, name):
            return
        if len(self.local) > 1:
            self.deferred.append((name, line))
        else:
            self.missing.append((name, line))

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self._read(node.id, node.lineno)
        else:
            self._bind(node.id)

    def visit_AugAssign(self, node):
        if isinstance(node.target, ast.Name):
            self._read(node.target.id, node.lineno)  # `text += x` reads text first
        self.visit(node.value)
        self.visit(node.target)

    def visit_Assign(self, node):
        self.visit(node.value)  # the value is read before the targets are bound
        for target in node.targets:
            self.visit(target)

    def visit_Import(self, node):
        for alias in node.names:
            self._bind((alias.asname or alias.name).split(".")[0])

    visit_ImportFrom = visit_Import

    def visit_ExceptHandler(self, node):
        if node.type:
            self.visit(node.type)
        if node.name:
            self._bind(node.name)
        for statement in node.body:
            self.visit(statement)

    def _scope(self, node, names, body):
        self.local.append(set(names))
        for part in body:
            self.visit(part)
        self.local.pop()

    def visit_FunctionDef(self, node):
        for default in node.args.defaults + node.args.kw_defaults:
            if default is not None:
                self.visit(default)
        self._bind(node.name)
        args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
        names = [arg.arg for arg in args] + [a.arg for a in (node.args.vararg, node.args.kwarg) if a]
        self._scope(node, names, node.body)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        for base in node.bases:
            self.visit(base)
        self._scope(node, [], node.body)
        self._bind(node.name)

    def _comprehension(self, node, parts):
        targets = [n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)]
        self.visit(node.generators[0].iter)  # the first iterable is read in the enclosing scope
        rest = [g.target for g in node.generators] + [node.generators[0].target]
        self._scope(node, targets, [*parts, *[c for g in node.generators for c in g.ifs],
                                    *[g.iter for g in node.generators[1:]], *rest])

    def visit_ListComp(self, node):
        self._comprehension(node, [node.elt])

    visit_SetComp = visit_GeneratorExp = visit_ListComp

    def visit_DictComp(self, node):
        self._comprehension(node, [node.key, node.value])


def undefined_names(code):
    """[(name, line)] read before the block sets them, or never set: the block does not run alone."""
    names = _Names()
    names.visit(ast.parse(code))
    late = [(name, line) for name, line in names.deferred if name not in names.bound]
    return sorted(set(names.missing + late), key=lambda item: item[1])


def check(markdown_path):
    """One line per problem; compiles each block (a syntax error is a problem too)."""
    problems = []
    for line, code in python_blocks(Path(markdown_path).read_text(encoding="utf-8")):
        try:
            compile(code, f"{markdown_path}:{line}", "exec")
        except SyntaxError as err:
            problems.append(f"{markdown_path}:{line - 1 + (err.lineno or 1)}: does not compile: {err.msg}")
            continue
        for name, at in undefined_names(code):
            problems.append(f"{markdown_path}:{line - 1 + at}: `{name}` is used but not set or imported in this block")
    return problems


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "check":
        sys.exit(__doc__)
    found = check(sys.argv[2])
    print("\n".join(found) if found else f"{len(python_blocks(Path(sys.argv[2]).read_text()))} blocks, each self-contained")
    sys.exit(1 if found else 0)
