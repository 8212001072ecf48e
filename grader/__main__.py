"""`python -m grader grade|grade-all|gradescope-bundle|report ...`, the same commands as `attn`."""
import sys

from grader.classreport.cli import main as report_main
from grader.cli import grade_all_main, grade_main, gradescope_bundle_main

COMMANDS = {"grade": grade_main, "grade-all": grade_all_main, "gradescope-bundle": gradescope_bundle_main,
            "report": report_main}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(f"usage: python -m grader {{{','.join(COMMANDS)}}} ...", file=sys.stderr)
        sys.exit(2)
    sys.exit(COMMANDS[sys.argv[1]](sys.argv[2:]))
