#!/usr/bin/env python3
"""Generate Sources/SiftText/Tables/CallingCodeTable.swift from `phonenumbers`.

The `country-allowlist` smart rule (docs/judging.md "Smart rules") needs the set of ITU country
calling codes (1 to 3 digits) to find the longest known prefix of a sender's
number and to validate the codes a user lists. The set is the keys of
`phonenumbers.COUNTRY_CODE_TO_REGION_CODE` (Google's libphonenumber metadata),
which includes the non-geographic codes (region "001": international freephone
800, shared-cost 808, Inmarsat 870, satellite 881, international networks 882
and 883, …) as well as the geographic ones.

Usage (from the repository root; `phonenumbers` comes from PyPI):

    python3 -m venv /tmp/pnvenv && /tmp/pnvenv/bin/pip install phonenumbers
    /tmp/pnvenv/bin/python scripts/gen-calling-codes.py > Sources/SiftText/Tables/CallingCodeTable.swift

The output is deterministic for a given `phonenumbers` version.
"""

import sys

import phonenumbers


def main():
    table = phonenumbers.COUNTRY_CODE_TO_REGION_CODE
    codes = sorted(table)
    for code in codes:
        assert 1 <= code <= 999, code
    non_geo = [c for c in codes if "001" in table[c]]

    def wrap(values, indent="        "):
        lines, cur = [], ""
        for v in values:
            item = "%d," % v
            if cur and len(cur) + 1 + len(item) > 88:
                lines.append(cur)
                cur = item
            else:
                cur = cur + " " + item if cur else item
        lines.append(cur)
        return "\n".join(indent + l for l in lines)

    sys.stdout.write(f'''// ITU country calling codes for the `country-allowlist` smart rule (docs/judging.md "Smart rules").
//
// GENERATED FILE — do not edit. Regenerate with:
//     /tmp/pnvenv/bin/python scripts/gen-calling-codes.py > Sources/SiftText/Tables/CallingCodeTable.swift
// Source: the keys of `phonenumbers.COUNTRY_CODE_TO_REGION_CODE` from the PyPI
// package `phonenumbers` {phonenumbers.__version__} (libphonenumber metadata).
// {len(codes)} codes. Non-geographic codes are included (a sender may carry them
// too): the {len(non_geo)} of region "001" are {", ".join(map(str, non_geo))}.

/// The known ITU calling codes, as numbers (a code never starts with 0).
enum CallingCodeTable {{
    /// Every known calling code, ascending.
    static let codes: [UInt16] = [
{wrap(codes)}
    ]

    /// The non-geographic codes among `codes` (not tied to one country).
    static let nonGeographic: [UInt16] = [
{wrap(non_geo)}
    ]
}}
''')


if __name__ == "__main__":
    main()
