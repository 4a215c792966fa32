#!/usr/bin/env python3
"""fpenv_scope.py -- every entry into ExactBLAS installs IEEE's default
floating-point environment before it looks at any argument (core/fpenv.h).

usage: fpenv_scope.py SRC-folder INCLUDE-folder

The rule checked, over every checked core (exb_*_checked, which the faces
and the C API call) and every function the library exports (FACE
definitions in SRC/faces, macro-generated ones included; every name
INCLUDE's headers mark EXACTBLAS_API):
  - a checked core is defined with EXB_ENTRY or EXB_ENTRY_VOID (the
    environment installed, then the work called as an opaque function, so
    the compiler cannot move any of its arithmetic above the installation);
  - an exported function is defined with EXB_ENTRY/EXB_ENTRY_VOID, or opens
    with EXB_FPENV_SCOPE and takes no floating-point argument by value (its
    floating-point data come through pointers, loaded after the asm that
    installs the environment; a floating-point argument taken by value is
    only handed on by address), or opens with EXB_FPENV_FORWARD (it does no
    floating-point operation and hands its arguments on), or only forwards
    its arguments, unchanged, to a checked core or another face (its body
    one call whose arguments are names, *name, &name and literals).
Functions that do no floating-point work at all are listed below with the
reason.  A late or hoistable installation lets the caller's DAZ, rounding
mode or flags leak in: issue 37.  Prints one line per offender and exits 1
if there is any.
"""
import os
import re
import sys

# No floating-point operation: only integers, pointers, characters or state.
EXEMPT = {
    "exactblas_version": "a string",
    "exactblas_int8_engine": "a string",
    "exactblas_last_path": "the path record",
    "exactblas_reload_knobs": "the knobs",
    "exactblas_xerbla": "a message",
    "exactblas_acc_new": "allocation",
    "exactblas_acc_free": "allocation",
    "exactblas_acc_clear": "integer digits",
    "exactblas_acc_serialize": "integer digits to bytes",
    "exactblas_acc_deserialize": "bytes to integer digits",
    "exactblas_acc_merge": "integer digits",
    "exactblas_acc_add": "integer operations on the bits (core/zerosign.h)",
    "exactblas_acc_add_product": "integer operations on the bits (core/zerosign.h)",
    "exactblas_acc_merge_bytes": "integer digits",
    "exactblas_mpi_acc_type": "an MPI handle",
    "exactblas_mpi_acc_op": "an MPI handle",
    "exactblas_acc_allreduce": "integer digits over MPI",
    "xerbla": "a message",
    "xerbla_array": "a message",
    "lsame": "characters",
    "cblas_xerbla": "a message",
    "exactblas_dropin_version": "a string",
}

DEF = re.compile(
    r"(?P<head>[A-Za-z_][\w \t\*]*?)\b(?P<name>(?:FNAME|CNAME)\s*\([\w#\s]+\)|[A-Za-z_][\w#]*)"
    r"\s*\((?P<params>[^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*)\)\s*\{")


def strip(text):
    """Comments, macro continuations and string contents blanked, every
    character kept in its place (offsets and line numbers stay valid)."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    text = re.sub(r"//[^\n]*", blank, text)
    text = text.replace("\\\n", " \n")
    return re.sub(r'"(\\.|[^"\\\n])*"', lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', text)


def exported_names(include):
    names = set()
    for f in os.listdir(include):
        if f.endswith(".h"):
            text = strip(open(os.path.join(include, f)).read())
            for m in re.finditer(r"EXACTBLAS_API[^;(]*?\b(\w+)\s*\(", text):
                names.add(m.group(1))
    return names


ARG = r"""\s*(?:[&*]?\s*[\w#]+|(?:(?:#?\s*\w+|"[ ]*")\s*)+|'[^']*')\s*"""
FORWARD = re.compile(
    r"^\s*(?:(?:\(void\)\s*\w+|[A-Z_]+_UNUSED)\s*[,;]\s*)*"
    r"(?:return\s+(?:\((?:fint|long|int)\)\s*)?)?"
    r"(?:exb_[\w#]+_checked|FNAME\s*\([\w#\s]+\)|CNAME\s*\([\w#\s]+\))\s*"
    r"\((?:" + ARG + r"(?:," + ARG + r")*)?\)\s*;\s*$")


def body_of(text, start):
    """The text between the brace that ends at start and its partner."""
    depth, i = 1, start
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[start:i - 1]


def base_name(name):
    m = re.match(r"(?:FNAME|CNAME)\s*\(\s*([\w#\s]+?)\s*\)", name)
    return re.sub(r"\s", "", m.group(1)) if m else name


ENTRY = re.compile(r"EXB_ENTRY(?:_VOID)?\s*\(\s*(?:[^,()]+,\s*)?(?P<name>[A-Za-z_][\w#]*)\s*,")
BYVALUE_FP = re.compile(r"(?:^|,)\s*(?:const\s+)?(?:float|double|T|exactblas_df)(?:\s+_Complex)?\s+\w+\s*(?=,|$)")


def main():
    src, include = sys.argv[1], sys.argv[2]
    exported = exported_names(include)
    offenders, checked = [], 0
    for root, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith(".c"):
                continue
            path = os.path.join(root, f)
            text = strip(open(path).read())
            checked += len(ENTRY.findall(text))
            for m in DEF.finditer(text):
                head, name = m.group("head"), base_name(m.group("name"))
                if name in ("if", "for", "while", "switch", "return", "sizeof"):
                    continue
                core = re.fullmatch(r"exb_[\w#]+_checked", name) is not None
                exported_fn = "FACE" in head.split() or name in exported
                if not (core or exported_fn) or "static" in head.split():
                    continue
                plain = re.sub(r"^(p##|P##|i##p##|p##q##)", "", name)
                if name in EXEMPT or plain in EXEMPT or name.replace("##", "") in EXEMPT:
                    continue
                checked += 1
                line = text.count("\n", 0, m.start("name")) + 1
                where = f"{path}:{line}: {name}"
                body = text[m.end():].lstrip()
                if core:
                    offenders.append(f"{where}: a checked core not defined with EXB_ENTRY")
                elif FORWARD.match(body_of(text, m.end())) or body.startswith("EXB_FPENV_FORWARD"):
                    continue
                elif not body.startswith("EXB_FPENV_SCOPE"):
                    offenders.append(f"{where} does not install the environment")
                else:
                    params = " ".join(m.group("params").split())
                    body_text = body_of(text, m.end())
                    for p in BYVALUE_FP.finditer(params):
                        arg = p.group(0).split()[-1]
                        # handed on by address only: no arithmetic on it here
                        if re.search(r"(?<![&\w])" + arg + r"\b", body_text):
                            offenders.append(f"{where} uses its by-value floating-point "
                                             f"argument {arg}: EXB_ENTRY")
    for o in offenders:
        print(o)
    print(f"fpenv_scope: {checked} entry points checked, {len(offenders)} offenders")
    return 1 if offenders or checked < 100 else 0


if __name__ == "__main__":
    sys.exit(main())
