"""The methods of the Polars and pandas namespaces that answer one part
of the answer for a whole column."""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, TypeVar

import etld

R = TypeVar("R")


def check_list(lst: Optional[etld.List]) -> None:
    """A `TypeError` for a ``list=`` that is neither ``None`` nor an
    `etld.List` (a path, say), raised when the function is made or called,
    not when an engine first runs it."""
    if lst is not None and not isinstance(lst, etld.List):
        raise TypeError(f"list= takes an etld.List (etld.List(path) loads a file), not {type(lst).__name__}")


def chosen_list(lst: Optional[etld.List]) -> etld.List:
    """``lst``, or `etld.default_list()` for ``None`` (see `check_list`)."""
    check_list(lst)
    return lst if lst is not None else etld.default_list()


def answer_part(lst: Optional[etld.List], part: str, column: Any, options: Dict[str, Any]) -> Any:
    """``chosen_list(lst).answer(part, column, **options)``, where an option
    the part does not take is a `TypeError` said of the method the user
    called (``registrable() got an unexpected keyword argument ...``)."""
    try:
        return chosen_list(lst).answer(part, column, **options)  # type: ignore[arg-type]
    except TypeError as e:
        message = str(e)
        if message.startswith("List.answer() "):
            raise TypeError(f"{part}() {message[len('List.answer() '):]}") from None
        raise


def part_method(shape: Callable[[Any], R]) -> Callable[..., R]:
    """The method that answers the part named as ``shape`` is, as
    ``self._part(name, list, options)``: it takes ``list=`` and the options
    of `etld.List` as keyword arguments, and has the name, docstring and
    return annotation of ``shape`` (a method of ``self`` alone whose body
    is its docstring)."""
    part = shape.__name__

    def method(self: Any, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        return self._part(part, list, options)

    method.__name__ = part
    method.__qualname__ = shape.__qualname__
    method.__module__ = shape.__module__
    method.__doc__ = shape.__doc__
    annotations = {k: v for k, v in method.__annotations__.items() if k != "self"}
    method.__annotations__ = {**annotations, "return": shape.__annotations__["return"]}
    return method
