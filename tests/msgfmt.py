"""Compiling gettext catalogs: a ``.po`` file's text to the ``.mo`` bytes that gettext reads.

A build tool for developers, not part of the package. The compiled catalogs
ship with cribcount beside their ``.po`` sources,
``cribcount/locale/<code>/LC_MESSAGES/cribcount.po``; a test
(``tests/test_language.py``) checks that each ``.mo`` is what this module makes
of its ``.po``. After editing a catalog, rebuild every ``.mo`` of the checkout
(from its top folder) with::

    python tests/msgfmt.py

and commit each ``.po`` with its ``.mo``. It reads the subset of the format
that the catalogs use: comments, ``msgctxt``, ``msgid``, ``msgid_plural``,
``msgstr`` and ``msgstr[N]``, strings over several lines; fuzzy entries are
left out, as GNU msgfmt leaves them.

>>> parse_po('msgctxt "card"\\nmsgid "go"\\nmsgstr ""\\n"passe"\\n')
{'card\\x04go': 'passe'}
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

__all__ = ["catalogs", "compile_po", "parse_po"]

_MAGIC = 0x950412DE


def parse_po(text: str) -> dict[str, str]:
    """The entries of a ``.po`` file as the ``.mo`` keys them: context, ids and plurals joined."""
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current = ""
    fuzzy = False

    def finish() -> None:
        nonlocal fuzzy
        if "msgid" in fields and not fuzzy:
            key = fields["msgid"]
            if "msgid_plural" in fields:
                key += "\0" + fields["msgid_plural"]
                forms = sorted(k for k in fields if k.startswith("msgstr["))
                value = "\0".join(fields[k] for k in forms)
            else:
                value = fields.get("msgstr", "")
            if "msgctxt" in fields:
                key = fields["msgctxt"] + "\x04" + key
            if value.strip("\0"):
                entries[key] = value
        fields.clear()
        fuzzy = False

    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if line.startswith("#,") and "fuzzy" in line:
            finish()
            fuzzy = True
        elif not line or line.startswith("#"):
            if not line and fields:
                finish()
        elif line.startswith('"'):
            fields[current] += ast.literal_eval(line)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
                finish()
            current = keyword
            fields[current] = ast.literal_eval(rest)
    return entries


def compile_po(text: str) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file's text, keys sorted, with no hash table."""
    entries = sorted(
        (key.encode("utf-8"), value.encode("utf-8")) for key, value in parse_po(text).items()
    )
    count = len(entries)
    keys_at = 7 * 4
    values_at = keys_at + count * 8
    data_at = values_at + count * 8
    offsets: list[int] = []
    data = b""
    for key, _ in entries:
        offsets += [len(key), data_at + len(data)]
        data += key + b"\0"
    for _, value in entries:
        offsets += [len(value), data_at + len(data)]
        data += value + b"\0"
    header = struct.pack("<7I", _MAGIC, 0, count, keys_at, values_at, 0, data_at)
    return header + struct.pack(f"<{4 * count}I", *offsets) + data


LOCALE = Path(__file__).resolve().parent.parent / "cribcount" / "locale"
"""The catalogs of the checkout this file is in."""


def catalogs() -> list[Path]:
    """The ``.po`` files of the checkout, shipped with cribcount."""
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def main() -> None:
    """Compile every catalog beside its source."""
    for po in catalogs():
        po.with_suffix(".mo").write_bytes(compile_po(po.read_text(encoding="utf-8")))
        print(po.with_suffix(".mo"), file=sys.stderr)


if __name__ == "__main__":
    main()
