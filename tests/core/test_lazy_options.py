"""A decision's options worked out only when read (:class:`LazyOptions`, issue 16): read
at most once, the same answers from :meth:`Decision.is_legal` as the plain list gives,
closed once the decision is answered."""

from __future__ import annotations

import copy
import pickle

import pytest

from warband.core.decisions import Decision, LazyOptions


class _Counting:
    """Makes the list ``[1, 2, 3]`` and counts how often it is asked to."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> list[int]:
        self.calls += 1
        return [1, 2, 3]


def test_lazy_options_worked_out_once_on_first_read() -> None:
    make = _Counting()
    options = LazyOptions(make)
    assert make.calls == 0 and not options.built
    assert len(options) == 3 and options[0] == 1 and options[-1] == 3 and options[1:] == [2, 3]
    assert list(options) == [1, 2, 3] and 2 in options and 5 not in options
    assert make.calls == 1 and options.built
    assert options == [1, 2, 3] and list.__eq__([1, 2, 3], options) is NotImplemented
    assert options == (1, 2, 3)
    assert options != [1, 2] and options == LazyOptions(lambda: [1, 2, 3])
    assert repr(options) == "[1, 2, 3]"
    assert max(options) == 3 and make.calls == 1


def test_lazy_options_is_legal_same_answer_as_the_plain_list_without_reading_it() -> None:
    def accepts(choice: object) -> bool:
        return isinstance(choice, int) and choice >= 3

    for choice in (0, 1, 2, 3, 4, "x"):
        plain = Decision("pick", 0, [1, 2, 3], accepts=accepts)
        make = _Counting()
        lazy = Decision("pick", 0, LazyOptions(make), accepts=accepts)
        assert lazy.is_legal(choice) == plain.is_legal(choice), choice
        # an accepted choice is legal without the list; a refused one is looked up in it
        assert make.calls == (0 if accepts(choice) else 1), choice
        assert lazy.is_legal(choice) == plain.is_legal(choice)  # and once read, the same
        assert make.calls <= 1
    # with no ``accepts``, only the listed options
    lazy = Decision("pick", 0, LazyOptions(_Counting()))
    assert lazy.is_legal(2) and not lazy.is_legal(4) and not lazy.trivial


def test_lazy_options_closed_unread_refuse_to_be_read_later() -> None:
    options = LazyOptions(_Counting())
    options.close()
    with pytest.raises(RuntimeError):
        list(options)
    read = LazyOptions(_Counting())
    assert read[0] == 1
    read.close()
    assert list(read) == [1, 2, 3]  # read while pending: kept


def test_lazy_options_closed_unread_still_print() -> None:
    """An answered decision whose options nobody read prints (error messages, logs and
    debuggers show decisions) without working them out and without raising."""
    make = _Counting()
    decision = Decision("pick", 0, LazyOptions(make), accepts=lambda c: True)
    decision.options.close()  # type: ignore[attr-defined]
    assert "not worked out" in repr(decision.options)
    assert "not worked out" in repr(decision) and make.calls == 0


def test_lazy_options_copy_and_pickle_as_the_list() -> None:
    decision = Decision("pick", 0, LazyOptions(_Counting()), accepts=None)
    again = pickle.loads(pickle.dumps(decision))
    assert again.options == [1, 2, 3] and type(again.options) is list
    assert again == Decision("pick", 0, [1, 2, 3])
    assert copy.deepcopy(LazyOptions(_Counting())) == [1, 2, 3]
