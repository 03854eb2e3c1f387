"""Writes the native module's docstrings into its stub, `etld/_etld.pyi`.

Pylance and pyright read only the stub, so the docs users see in their
editor are those the stub carries. The docs live with the code (the Rust
doc comments PyO3 gives the module); this copies each one into the stub,
under the class, function, method or property of the same name, in place
of any docstring there. Run it after changing either, from the repository's
root, with the package installed:

    python python/scripts/stub_docs.py           # writes the stub
    python python/scripts/stub_docs.py --check   # exit 1 if it would change it

`tests/test_switch.py` runs `--check`, so that the stub's docstrings stay
the module's.
"""

import ast
import inspect
import os
import sys

STUB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "etld", "_etld.pyi")


def runtime_doc(module, path):
    """The cleaned docstring of ``module.path`` (a dotted name), or None."""
    obj = module
    for name in path.split("."):
        obj = inspect.getattr_static(obj, name, None) if inspect.isclass(obj) else getattr(obj, name, None)
        if obj is None:
            return None
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    # A slot of the type (`__len__`, `__contains__`, ...) carries the
    # interpreter's own docstring, which changes between versions ("Return
    # key in self." until 3.11): the stub gives none.
    if type(obj).__name__ == "wrapper_descriptor":
        return None
    doc = getattr(obj, "__doc__", None)
    return inspect.cleandoc(doc) if doc else None


def documented(module, source):
    """``source`` (the stub) with each definition's docstring the module's."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    # (line index after which to insert, index range to drop, indent, doc)
    edits = []

    def visit(nodes, prefix):
        for node in nodes:
            if not isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                continue
            doc = runtime_doc(module, prefix + node.name)
            if isinstance(node, ast.ClassDef):
                visit(node.body, prefix + node.name + ".")
            if not doc or node.name == "__new__":
                continue
            body = node.body
            first = body[0]
            has_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
            indent = " " * (node.col_offset + 4)
            if has_doc:
                edits.append((first.lineno - 1, first.end_lineno, indent, doc, False))
            else:
                # `def f(...) -> T: ...` on its last line: the `...` gives way to
                # the docstring.
                edits.append((first.lineno - 1, first.end_lineno, indent, doc, True))

    visit(tree.body, "")
    for start, end, indent, doc, ellipsis in sorted(edits, reverse=True):
        text = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
        block = [indent + '"""' + text.splitlines()[0] + "\n"]
        for line in text.splitlines()[1:]:
            block.append((indent + line).rstrip() + "\n")
        if len(block) == 1:
            block = [block[0].rstrip("\n") + '"""\n']
        else:
            block.append(indent + '"""\n')
        if ellipsis:
            # The line ends in `: ...`: cut the `...`, put the docstring below.
            line = lines[start]
            head = line.rstrip("\n")
            assert head.endswith("..."), head
            lines[start] = head[: -len("...")].rstrip() + "\n"
            lines[start + 1 : start + 1] = block
        else:
            lines[start:end] = block
    return "".join(lines)


def main():
    import etld._etld as module

    with open(STUB, encoding="utf-8") as f:
        source = f.read()
    out = documented(module, source)
    if "--check" in sys.argv:
        sys.exit(0 if out == source else 1)
    with open(STUB, "w", encoding="utf-8") as f:
        f.write(out)


if __name__ == "__main__":
    main()
