"""The game text's line wrapping: what ``textwrap.fill`` gives, on any text."""

from __future__ import annotations

import textwrap

from hypothesis import given
from hypothesis import strategies as st

from cribcount.render.game import WIDTH, wrap_line

_WORDS = st.lists(
    st.one_of(
        st.text(alphabet="ab;:,'-", min_size=1, max_size=12),
        st.text(alphabet="x", min_size=50, max_size=70),  # longer than a line can hold
        st.sampled_from(["", "\t", "a\nb", "\x0c", "Ann's", "show", "12;"]),
    ),
    max_size=30,
)


@given(words=_WORDS, indent=st.sampled_from(["", "  "]))
def test_wrapping_gives_what_textwrap_gives(words: list[str], indent: str) -> None:
    text = " ".join(words)
    expected = textwrap.fill(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "    ",
        break_on_hyphens=False,
    )
    if len(indent) + len(text) <= WIDTH and "\n" not in text:
        expected = indent + text  # a line that fits is kept as it is, blanks and all
    assert wrap_line(text, indent) == expected


def test_a_long_line_of_short_words_wraps_by_hand() -> None:
    text = "; ".join(f"Ann's show {n}" for n in range(10, 16))
    # "  " and three "Ann's show NN;" of 14 columns, one space apart, end at column 46; then
    # "Ann's show" reaches 57 and "13;" would reach 61: it begins the next line, 4 further in.
    assert wrap_line(text, "  ").splitlines() == [
        "  Ann's show 10; Ann's show 11; Ann's show 12; Ann's show",
        "      13; Ann's show 14; Ann's show 15",
    ]
