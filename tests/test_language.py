"""Languages: the catalogs, French card notation, the count said in English and in French."""

from __future__ import annotations

import ast
import doctest
import gettext
import io
import re
import shutil
import string
import subprocess
from dataclasses import FrozenInstanceError
from pathlib import Path

import click
import msgfmt
import pytest
from click.testing import CliRunner
from conftest import hand, outcome
from hypothesis import given
from hypothesis import strategies as st
from msgfmt import catalogs, compile_po, parse_po

from cribcount.cards import DECK, ENGLISH, Hand, parse_card, parse_hand
from cribcount.cli import cli
from cribcount.cli.base import help_messages
from cribcount.errors import CribcountError, DealError, NotationError
from cribcount.language import Language, language, languages
from cribcount.messages import Message, Untranslated
from cribcount.render.show import render_count, say_count
from cribcount.show import count_show

PACKAGE = Path(__file__).resolve().parent.parent / "cribcount"
FRENCH = language("fr")


def catalog(code: str) -> Path:
    return PACKAGE / "locale" / code / "LC_MESSAGES" / "cribcount.po"


def marked_messages() -> set[str]:
    """Every English message the code marks for translation, found in its syntax tree."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else "." + getattr(func, "attr", "")
            texts = []
            if name in ("N_", "Message", ".say") and node.args:
                texts.append(node.args[0])
            if name == ".plural":
                texts += node.args[1:3]
            if name == "Message":
                texts += [kw.value for kw in node.keywords if kw.arg == "plural"]
            if name in (".option", ".argument", ".command", ".group"):
                # An option's help is said in the run's language too.
                texts += [kw.value for kw in node.keywords if kw.arg == "help"]
            found |= {
                t.value for t in texts if isinstance(t, ast.Constant) and isinstance(t.value, str)
            }
    return found


def described_messages() -> set[str]:
    """Every paragraph of a command's description, and every example block whole: what the
    catalog may translate of ``--help`` (a command's description not there stays English)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and is_command(node):
                docstring = ast.get_docstring(node, clean=False) or ""
                for before, message, after in help_messages(docstring):
                    found |= {message, before + message + after}
    return found


def is_command(function: ast.FunctionDef) -> bool:
    """Whether ``function`` is decorated as a Click command or group: ``@cli.command(...)``."""
    return any(
        isinstance(d, ast.Call) and getattr(d.func, "attr", "") in ("command", "group")
        for d in function.decorator_list
    )


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_french_is_a_language() -> None:
    assert languages() == ("en", "fr")


def test_the_build_tool_compiles_the_catalog_of_each_language() -> None:
    assert catalogs() == [catalog(code) for code in languages()[1:]]
    assert doctest.testmod(msgfmt).failed == 0


def test_each_compiled_catalog_is_its_source_compiled() -> None:
    for code in languages()[1:]:
        po = catalog(code)
        assert po.with_suffix(".mo").read_bytes() == compile_po(po.read_text(encoding="utf-8"))


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_the_compiled_catalogs_read_as_gnu_msgfmt_compiles_them(tmp_path: Path) -> None:
    for code in languages()[1:]:
        gnu = tmp_path / f"{code}.mo"
        subprocess.run(["msgfmt", "--check", "-o", gnu, catalog(code)], check=True)
        ours = gettext.GNUTranslations(io.BytesIO(catalog(code).with_suffix(".mo").read_bytes()))
        theirs = gettext.GNUTranslations(io.BytesIO(gnu.read_bytes()))
        assert ours._catalog == theirs._catalog  # type: ignore[attr-defined]
        assert ours.ngettext("{n} point", "{n} points", 2) == "{n} points"


def test_every_marked_message_has_a_french_translation_and_no_other() -> None:
    entries = parse_po(catalog("fr").read_text(encoding="utf-8"))
    # The articles are the language's own grammar, not messages of the code.
    keys = {key.split("\x04")[-1] for key in entries if key and not key.startswith("article\x04")}
    ids = {part for key in keys for part in key.split("\0")}
    assert marked_messages() <= ids
    # Beyond them, only what --help may say of a command: its description, its examples.
    assert ids - marked_messages() <= described_messages()


def marked_plurals() -> set[tuple[str, str]]:
    """Every (singular, plural) pair the code says with a number, from its syntax tree."""
    found: set[tuple[str, str]] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                # A pair of marked messages, (N_(singular), N_(plural)): Click's plurals.
                marked = [
                    e.args[0]
                    for e in node.elts
                    if isinstance(e, ast.Call) and getattr(e.func, "id", "") == "N_" and e.args
                ]
                if len(marked) == 2 and all(isinstance(m, ast.Constant) for m in marked):
                    found.add((marked[0].value, marked[1].value))  # type: ignore[attr-defined]
                continue
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else "." + getattr(func, "attr", "")
            pair: list[ast.expr] = []
            if name == ".plural" and len(node.args) >= 3:
                pair = node.args[1:3]
            elif name == "Message" and node.args:
                plural = [kw.value for kw in node.keywords if kw.arg == "plural"]
                pair = [node.args[0], *plural] if plural else []
            elif name in ("from_summary", ".from_summary"):
                pair = node.args[:2]
            texts = [arg.args[0] if isinstance(arg, ast.Call) else arg for arg in pair]
            if len(texts) == 2 and all(
                isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts
            ):
                found.add((texts[0].value, texts[1].value))  # type: ignore[attr-defined]
    return found


def test_every_plural_message_has_its_french_plural_forms() -> None:
    entries = parse_po(catalog("fr").read_text(encoding="utf-8"))
    plurals = {
        tuple(key.split("\0")): value.split("\0") for key, value in entries.items() if "\0" in key
    }
    # Each pair the code says with a number is a plural entry, not two messages.
    assert marked_plurals() == set(plurals)
    # French has two forms (Plural-Forms: nplurals=2), both written.
    assert all(len(forms) == 2 and all(forms) for forms in plurals.values())
    # No form is written lazily with '(s)': gettext chooses the form.
    assert not [value for value in entries.values() if "(s)" in value]


def test_french_plurals_follow_french_rules_zero_and_one_are_singular() -> None:
    # French takes the singular for 0 and 1 (plural=(n > 1)), English only for 1.
    assert [FRENCH.plural(n, "{n} hand scored", "{n} hands scored") for n in (0, 1, 2)] == [
        "0 main comptée",
        "1 main comptée",
        "2 mains comptées",
    ]
    english = language("en")
    assert english.plural(0, "{n} hand scored", "{n} hands scored") == "0 hands scored"


def test_french_writes_numbers_with_a_decimal_comma_and_spaced_thousands() -> None:
    # French typography: a narrow no-break space between thousands, a decimal comma.
    assert FRENCH.number(12994800, ",") == "12\u202f994\u202f800"
    assert FRENCH.number(0.13, ".3f") == "0,130"
    assert FRENCH.say("{percent}%", percent=FRENCH.number(50.0, ".0f")) == "50\u202f%"
    assert language("en").number(12994800, ",") == "12,994,800"


def test_stats_title_in_french_spaces_its_thousands() -> None:
    status, out, _ = outcome("--lang", "fr", "stats")
    assert status == 0
    # 52 choose 4 hands times 48 starters: 270,725 x 48 = 12,994,800 deals.
    assert out.startswith("points de l'abattage sur les 12\u202f994\u202f800 donnes")


def test_translations_keep_the_placeholders_of_their_message() -> None:
    for key, value in parse_po(catalog("fr").read_text(encoding="utf-8")).items():
        if key:
            for english, french in zip(
                key.split("\x04")[-1].split("\0"), value.split("\0"), strict=True
            ):
                assert fields(french) == fields(english), key


def test_every_article_a_translation_asks_for_is_in_the_catalog() -> None:
    entries = parse_po(catalog("fr").read_text(encoding="utf-8"))
    asked = {
        spec
        for value in entries.values()
        for _, name, spec, _ in string.Formatter().parse(value.replace("\0", ""))
        if name and spec
    }
    assert asked == {"de", "à", "le"}
    for spec in asked:
        for kind in ("noun", "name", "vowel"):
            assert f"article\x04{spec} {kind}" in entries


def test_a_name_takes_its_french_article_a_seat_its_noun_a_player_none_or_elided() -> None:
    said = [
        FRENCH.say(
            "{card} is {owner}'s, but it is {name}'s turn and {name} can play {cards}",
            card=parse_card("5h"),
            owner=owner,
            name=name,
            cards=(),
        )
        for owner, name in ((Message("pone"), Message("dealer")), ("Ben", "Ann"), ("Yves", "Hugo"))
    ]
    assert said == [
        "5c est au non-donneur, mais c'est au tour du donneur, et le donneur peut jouer ",
        "5c est à Ben, mais c'est au tour d'Ann, et Ann peut jouer ",
        "5c est à Yves, mais c'est au tour d'Hugo, et Hugo peut jouer ",
    ]
    # English has no articles: the same names as they are.
    assert (
        language("en").say("it is {name}'s turn to play", name="Ann") == "it is Ann's turn to play"
    )


# --- French notation ------------------------------------------------------------------------


def test_french_ranks_and_suits() -> None:
    # Roi, dame, valet of cœur (hearts); 10 of carreau, pique, trèfle.
    assert parse_hand("Rc Dc Vc 10c / 5c", notation=FRENCH.notation) == hand("Kh Qh Jh Th / 5h")
    assert parse_hand("10k 10p 10t Ac / 2t", notation=FRENCH.notation) == hand("Td Ts Tc Ah / 2c")


def test_french_notation_takes_any_case_and_the_suit_symbols() -> None:
    notation = FRENCH.notation
    assert parse_card("vK", notation=notation) == parse_card("Jd")
    assert parse_card("R♠", notation=notation) == parse_card("Ks")
    assert parse_card("d♧", notation=notation) == parse_card("Qc")


def test_english_notation_is_unchanged_c_is_clubs() -> None:
    assert parse_card("5c") == parse_card("5♣")
    with pytest.raises(NotationError):
        parse_card("Vc")


def test_french_writes_cards_in_its_notation() -> None:
    cards = hand("5h 5d 5c Js / 5s")
    assert FRENCH.notation.cards((*cards.cards, cards.starter)) == "5c 5k 5t Vp 5p"
    assert FRENCH.notation.card(parse_card("Tc")) == "10t"


@pytest.mark.parametrize(
    ("text", "column", "token", "message"),
    [
        # J is not a French rank: valet is V.
        ("5c 5k 5t Jp 5p", 10, "Jp", "rang inconnu 'J' dans 'Jp' : il faut un rang (A 2-10 V D R)"),
        # h is not a French suit: cœur is c.
        (
            "5h 5k 5t Vp 5p",
            1,
            "5h",
            "couleur inconnue 'h' dans '5h' : il faut une couleur (t k c p ou ♣ ♦ ♥ ♠)",
        ),
        # T is the English ten: in French the ten is 10.
        ("Tc 5k 5t Vp 5p", 1, "Tc", "rang inconnu 'T' dans 'Tc' : il faut un rang (A 2-10 V D R)"),
        (
            "5c 5k 5t Vp R",
            13,
            "R",
            "couleur manquante après 'R' : il faut une couleur (t k c p ou ♣ ♦ ♥ ♠)",
        ),
    ],
)
def test_french_notation_errors_name_the_token_and_column(
    text: str, column: int, token: str, message: str
) -> None:
    with pytest.raises(NotationError) as raised:
        parse_hand(text, notation=FRENCH.notation)
    assert (raised.value.column, raised.value.token) == (column, token)
    assert FRENCH.error(raised.value) == f"colonne {column} : {message}".replace(" : ", ": ", 1)


def test_french_deal_errors_write_cards_in_french() -> None:
    with pytest.raises(DealError) as raised:
        parse_hand("5c 5k 5t Vp 5c", notation=FRENCH.notation)
    assert FRENCH.error(raised.value) == "colonne 13: 5c apparaît deux fois (d'abord en colonne 1)"
    # The English reason stays, with the canonical card.
    assert raised.value.reason == "5h appears twice (first at column 1)"


# --- the count said aloud -------------------------------------------------------------------


def say(text: str, code: str = "en") -> str:
    lang = language(code)
    return say_count(count_show(parse_hand(text, notation=lang.notation)), lang=lang)


def test_say_follows_the_spoken_form() -> None:
    # J+5 twice, 4+5+6: fifteen six; the jacks 8, the run 4-5-6 11, the jack of hearts 12.
    assert say("Jh Jc 4h 6s / 5h") == (
        "fifteen two, fifteen four, fifteen six and a pair is 8, a run of three is 11,"
        " and one for his nob is 12"
    )


def test_say_a_double_double_run() -> None:
    assert say("7h 7s 8d 8c / 9h") == (
        "fifteen two, fifteen four, fifteen six, fifteen eight and a double double run is 24"
    )


def test_say_nothing_is_nineteen() -> None:
    assert say("2c 4d 6h 8s / Kc") == "nineteen"
    assert say("2t 4k 6c 8p / Rt", "fr") == "dix-neuf"


def test_say_without_fifteens_starts_with_the_first_call() -> None:
    # K-K, and the run 6-7-8 with no fifteen beside 7+8: 2, then 5, then 6 with the nob.
    assert say("Kc Kd 6h 7s / 8c") == "fifteen two and a pair is 4, and a run of three is 7"
    # A pair of kings alone: 2; the jack of the starter's suit: 3.
    assert say("Kc Kd Jh 2s / 4h") == "a pair is 2, and one for his nob is 3"


def test_the_29_hand_in_both_languages() -> None:
    fifteens = "two four six eight ten twelve fourteen sixteen".split()
    quinze = "deux quatre six huit dix douze quatorze seize".split()
    assert say("5h 5d 5c Js / 5s") == (
        ", ".join(f"fifteen {n}" for n in fifteens)
        + " and a double pair royal is 28, and one for his nob is 29"
    )
    # Said as at a French table: each call's running total after "ça fait", no written colon.
    assert say("5c 5k 5t Vp / 5p", "fr") == (
        ", ".join(f"quinze {n}" for n in quinze)
        + " et un carré, ça fait 28, et un pour son valet, ça fait 29"
    )


def test_the_french_worked_example() -> None:
    # 8 7 7 6 A: 8+7 twice, 8+6+A, 7+7+A, then the double run of three 6-7-7-8: 16.
    assert say("8c 7k 7p 6t / Ac", "fr") == (
        "quinze deux, quinze quatre, quinze six, quinze huit et une double suite de trois,"
        " ça fait 16"
    )


def test_french_text_count_names_every_combination() -> None:
    def called(text: str, words: str) -> bool:
        lines = render_count(count_show(parse_hand(text, notation=FRENCH.notation)), lang=FRENCH)
        return any(line.startswith(words + " ") for line in lines.splitlines())

    assert called("6c 7c 7k 8t / Rp", "une double suite de trois pour 8  6c 7c 7k 8t")
    assert called("6c 7c 7k 8t / 9p", "une double suite de quatre pour 10  6c 7c 7k 8t 9p")
    assert called("Vc Dk Dt Dp / Rc", "une triple suite pour 15")
    assert called("7c 7p 8k 8t / 9c", "une quadruple suite pour 16")
    assert called("3t 3k 3c Rp / 9t", "un brelan pour 6")
    assert called("2c 4c 6c 8c / Rt", "une couleur de quatre pour 4")
    assert called("2c 4c 6c 8c / Vt", "(la carte de départ Vt est son talon :")
    assert called("Vc 2t 3k 9p / 6c", "un pour son valet")


deals = st.permutations(DECK).map(lambda d: Hand((d[0], d[1], d[2], d[3]), d[4]))


@given(deals, st.booleans())
def test_totals_never_change_with_the_language(deal: Hand, crib: bool) -> None:
    written = FRENCH.notation.cards(deal.cards) + " / " + FRENCH.notation.card(deal.starter)
    again = parse_hand(written, notation=FRENCH.notation)
    assert again == deal
    count = count_show(again, crib=crib)
    english = render_count(count).splitlines()
    french = render_count(count, lang=FRENCH).splitlines()
    assert len(english) == len(french)

    def running(lines: list[str]) -> list[str]:
        return [line.split()[-1] for line in lines[1:] if line.split()[-1].isdigit()]

    assert running(english) == running(french)
    total = f"total {count.total}"
    assert total in english and total in french


# --- the command line -----------------------------------------------------------------------


def test_lang_on_the_group_on_the_command_and_from_the_environment() -> None:
    # Said in one line, which goes on, indented, past 60 columns.
    expected = "quinze deux, quinze quatre, quinze six, quinze huit et une\n  double suite de trois, ça fait 16\n"
    assert outcome("--lang", "fr", "8c 7k 7p 6t / Ac", "--say") == (0, expected, "")
    assert outcome("--lang=fr", "score", "8c 7k 7p 6t / Ac", "--say") == (0, expected, "")
    assert outcome("score", "8c 7k 7p 6t / Ac", "--say", "--lang", "fr") == (0, expected, "")
    result = CliRunner(env={"CRIBCOUNT_LANG": "fr"}).invoke(cli, ["8c 7k 7p 6t / Ac", "--say"])
    assert (result.exit_code, result.stdout) == (0, expected)


def test_without_lang_c_is_clubs_and_k_is_no_suit() -> None:
    status, out, _ = outcome("5c 5d 5h Js / 5s", "--format", "json")
    # The jack of spades and the five of spades: his nob with the clubs, diamonds, hearts fives.
    assert status == 0
    assert out.startswith('{"hand": ["5c", "5d", "5h", "Js"], "starter": "5s"')
    status, _, err = outcome("8c 7k 7p 6t / Ac")
    assert status == 2
    assert err.startswith("cribcount: column 4: unknown suit 'k' in '7k'")


def test_french_errors_are_one_line_exit_2() -> None:
    assert outcome("--lang", "fr", "Rc Dc Vc 10c 5x") == (
        2,
        "",
        "cribcount: colonne 14: couleur inconnue 'x' dans '5x' : il faut une couleur (t k c p ou ♣ ♦ ♥ ♠)\n",
    )
    assert outcome("--lang", "fr", "Rc Dc Vc 10c", "") == (
        2,
        "",
        "cribcount: l'argument 2 est vide : il faut des cartes comme 5c ou 10p\n",
    )


def test_json_stays_english_whatever_the_language() -> None:
    status, out, _ = outcome("--lang", "fr", "5c 5k 5t Vp / 5p", "--format", "json")
    assert status == 0
    assert out.startswith('{"hand": ["5h", "5d", "5c", "Js"], "starter": "5s"')
    assert '"kind": "pair"' in out and '"total": 29' in out


def test_say_goes_with_text_only() -> None:
    status, out, err = outcome("5h 5d 5c Js / 5s", "--say", "--format", "json")
    assert (status, out) == (2, "")
    assert err == "cribcount: --say writes text: it does not go with --format json\n"


def test_an_unknown_language_is_bad_usage() -> None:
    status, _, err = outcome("--lang", "xx", "5h 5d 5c Js / 5s")
    assert status == 2
    assert "--lang" in err


def test_a_language_without_a_catalog_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="no catalog"):
        language("xx")


def test_a_language_is_made_once_and_equal_only_to_itself() -> None:
    assert language("en") is language("en")
    made = Language("en", Untranslated(), ENGLISH)
    assert made != language("en") and made == made
    assert len({made, language("en")}) == 2
    assert repr(language("fr")) == "language('fr')"
    with pytest.raises(FrozenInstanceError):
        made.code = "fr"  # type: ignore[misc]


def test_errors_are_still_cribcount_errors() -> None:
    with pytest.raises(CribcountError):
        parse_hand("Rc Dc Vc 10c 5x", notation=FRENCH.notation)


# --- batch ----------------------------------------------------------------------------------


def test_batch_in_french_reads_and_writes_french_text() -> None:
    lines = "5c 5k 5t Vp / 5p = 28\n8t 7k 7p 6c / At\n5c 5k 5t Vp / 5h\n"
    status, out, err = outcome("--lang", "fr", "batch", stdin=lines)
    assert status == 2
    assert out.splitlines() == [
        # The 29 hand claimed 28: one point missed.
        "1: 5c 5k 5t Vp / 5p: 29 points",
        "    quinzes 16, paires 12, valet 1",
        "    annonce 28, compte 29 : 1 point de moins",
        # 8 7 7 6 A: four fifteens, the pair of sevens and the two runs of three.
        "2: 8t 7k 7p 6c / At: 16 points",
        "    quinzes 8, paires 2, suites 6",
        "3: erreur à la colonne 15 :",
        "    couleur inconnue 'h' dans '5h' : il faut une couleur",
        "    (t k c p ou ♣ ♦ ♥ ♠)",
    ]
    assert err.splitlines() == [
        "<stdin>:3:15: couleur inconnue 'h' dans '5h' : il faut une couleur (t k c p ou ♣ ♦ ♥ ♠)",
        "cribcount: 2 mains comptées, 1 ligne en erreur, 1 annonce vérifiée dont 1 fausse"
        " (1 point de moins)",
    ]


def test_batch_csv_stays_english_in_french() -> None:
    status, out, _ = outcome(
        "batch", "--lang", "fr", "--format", "csv", stdin="Rc Dc Vc 10c / 5c\n5c 5k 5t Vp / 5h\n"
    )
    assert status == 2
    assert out.splitlines()[1:] == [
        "1,,Kh Qh Jh Th,5h,false,8,0,4,5,1,18,0,,,",
        "2,,5c 5k 5t Vp / 5h,,,,,,,,,,,,column 15: unknown suit 'h' in '5h':"
        " expected a suit (t k c p or ♣ ♦ ♥ ♠)",
    ]


# --- discard and stats ----------------------------------------------------------------------


def numbers(text: str, decimal: str = ".") -> list[list[str]]:
    """The numbers of each line of a table, whatever its words and cards, each written with a
    decimal point whatever ``decimal`` the table writes."""
    pattern = rf"-?\d+{re.escape(decimal)}\d+|\b\d+-\d+\b"
    return [
        [number.replace(decimal, ".") for number in re.findall(pattern, line)]
        for line in text.splitlines()
    ]


def test_discard_in_french_says_the_same_figures_in_french() -> None:
    status, english, _ = outcome("discard", "5h 5d 6c 7s Jh Kd", "--pone", "--show-only")
    status_fr, french, _ = outcome(
        "--lang", "fr", "discard", "5c 5k 6t 7p Vc Rk", "--pone", "--show-only"
    )
    assert status == status_fr == 0
    # French writes a decimal comma: the same figures, each with a comma for the point.
    assert numbers(french, ",") == numbers(english)
    assert not re.search(r"\d\.\d", french)
    lines = french.splitlines()
    assert lines[:2] == [
        "non-donneur, avec 5c 5k 6t 7p Vc Rk :",
        "15 façons d'écarter 2, la meilleure d'abord",
    ]
    assert lines[3].startswith("* 5c 5k 6t 7p  Vc Rk ")
    assert lines[-1] == "le mieux : garder 5c 5k 6t 7p, écarter Vc Rk (net 8,107)"


def test_discard_errors_in_french() -> None:
    status, _, err = outcome("discard", "--lang", "fr", "5c 5k 6t 7p Vc Rk Dp", "--dealer")
    assert status == 2
    assert err == (
        "cribcount: colonne 19: il faut 6 cartes parmi lesquelles choisir, et il y a 7 cartes"
        " ('Dp' est de trop)\n"
    )


def test_stats_in_french() -> None:
    status, english, _ = outcome("stats", "--hand-cards", "5h 5d 5c Js")
    status_fr, french, _ = outcome("stats", "--lang", "fr", "--hand-cards", "5c 5k 5t Vp")
    assert status == status_fr == 0
    # The same figures; the French title takes two lines of 60 columns.
    assert numbers(french, ",")[1:] == numbers(english)
    assert not re.search(r"\d\.\d", french)
    assert french.splitlines()[:2] == [
        "points de l'abattage sur les 48 donnes avec 5c 5k 5t Vp en",
        "main",
    ]
    assert "berceau : aucune donne ne fait 0, 1, 2, 3, " in french


def test_stats_errors_in_french_name_the_option() -> None:
    status, _, err = outcome("--lang", "fr", "stats", "--starter", "5p", "--hand-cards", "Vp 5p")
    assert status == 2
    assert err == (
        "cribcount: --hand-cards: colonne 4: 5p est la carte de départ :"
        " elle ne peut pas être aussi dans la main\n"
    )


# --- peg --------------------------------------------------------------------------------------


def test_peg_in_french() -> None:
    # The worked example: roi, 9, 10 (29), go, 2 makes 31 for 2; 7, then 6 the last card for 1.
    status, out, _ = outcome("--lang", "fr", "peg", "Rt 9k 10c go 2p 7t 6p")
    assert status == 0
    assert out.splitlines() == [
        "non-donneur  Rt   10",
        "donneur      9k   19",
        "non-donneur  10c  29",
        "donneur      go   29",
        "non-donneur  2p   31  trente et un pour 2",
        "donneur      7t    7",
        "non-donneur  6p   13  dernière carte pour 1",
        "totaux : non-donneur 3, donneur 0",
    ]


def test_peg_in_french_names_pairs_and_runs() -> None:
    # 4, 6, 5: a run of three, fifteen and the last card; 5 5 5 with three players: a pair
    # royal for the third five.
    status, out, _ = outcome("peg", "--lang", "fr", "4t 6k 5c")
    assert out.splitlines()[2:4] == [
        "non-donneur  5c  15  quinze pour 2, suite de 3 pour 3,",
        "                     dernière carte pour 1",
    ]
    status, out, _ = outcome("--lang", "fr", "peg", "Rt Dk 9c go go 5t 5k 5c", "--players", "3")
    assert out.splitlines()[-1] == "totaux : premier 0, deuxième 2, donneur 10"
    assert "brelan pour 6" in out.splitlines()[-3]


def test_peg_json_stays_english() -> None:
    french = outcome("--lang", "fr", "peg", "7t 8k 8c", "--format", "json")
    english = outcome("peg", "7c 8d 8h", "--format", "json")
    assert french == english


@pytest.mark.parametrize("command", cli.list_commands(click.Context(cli)))
def test_every_command_takes_lang(command: str) -> None:
    status, out, _ = outcome(command, "--help")
    assert status == 0
    assert "--lang" in out and "CRIBCOUNT_LANG" in out


# --- help and usage in French --------------------------------------------------------------


def test_option_help_and_click_messages_in_french_then_english_again() -> None:
    status, out, _ = outcome("--lang", "fr", "score", "--help")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Usage : ") and lines[0].endswith(" score [OPTIONS] [CARDS]...")
    said = " ".join(out.split())  # whatever the width of the terminal
    assert "--crib Compter comme le berceau : seule une couleur de cinq compte." in said
    assert "-h, --help Afficher cette aide et terminer." in said
    assert "-f, --format [text|json] Format de sortie. [par défaut : text]" in said
    french = CliRunner().invoke(cli, ["batch", "--by", "x"], env={"CRIBCOUNT_LANG": "fr"})
    assert (french.exit_code, french.stderr) == (
        2,
        "cribcount: valeur invalide pour '--by' : 'x' n'est pas l'un de 'label', 'player'.\n",
    )
    # The next run in English is English again, Click's messages too.
    _, _, err = outcome("batch", "--by", "x")
    assert err == "cribcount: Invalid value for '--by': 'x' is not one of 'label', 'player'.\n"
    _, out, _ = outcome("score", "--help")
    assert "-h, --help Show this message and exit." in " ".join(out.split())
