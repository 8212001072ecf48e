"""`nbgrader export`: nbgrader's CSV plus an `autograde_status` column, so a learner whose autograde failed is never
mistaken for a learner who scored what the gradebook holds.

When nbgrader cannot autograde a learner (an error in any step), it logs the error, deletes that learner's
`autograded/<learner>/<assignment>/` notebooks and goes on with the others; the gradebook keeps whatever scores it had
(zero for a first run). The status column reads that: `graded` when every notebook of the assignment was autograded,
otherwise what is missing.
"""
from __future__ import annotations

import csv
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import CsvExportPlugin

COLUMNS = ["assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email", "raw_score",
           "late_submission_penalty", "score", "max_score", "autograde_status"]


class GradesCsvExport(CsvExportPlugin):
    """nbgrader's CSV columns (written with proper quoting) and `autograde_status`."""

    def export(self, gradebook: Gradebook) -> None:
        dest = self.to or "grades.csv"
        coursedir = self.parent.coursedir
        students = {str(student) for student in self.student}
        assignments = {str(assignment) for assignment in self.assignment}
        self.log.info("Exporting grades to %s", dest)
        failed = []
        with open(dest, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, COLUMNS)
            writer.writeheader()
            for assignment in gradebook.assignments:
                if assignments and assignment.name not in assignments:
                    continue
                for student in gradebook.students:
                    if students and student.id not in students:
                        continue
                    row = {"assignment": assignment.name, "duedate": assignment.duedate, "student_id": student.id,
                           "last_name": student.last_name, "first_name": student.first_name,
                           "email": student.email, "max_score": assignment.max_score}
                    try:
                        submission = gradebook.find_submission(assignment.name, student.id)
                    except MissingEntry:
                        row.update(timestamp="", raw_score=0.0, late_submission_penalty=0.0, score=0.0,
                                   autograde_status="not submitted")
                    else:
                        penalty = submission.late_submission_penalty
                        row.update(timestamp=submission.timestamp, raw_score=submission.score,
                                   late_submission_penalty=penalty, score=max(0.0, submission.score - penalty),
                                   autograde_status=autograde_status(coursedir, assignment, student.id))
                        if row["autograde_status"] != "graded":
                            failed.append(student.id)
                    writer.writerow({key: "" if value is None else value for key, value in row.items()})
        if failed:
            self.log.warning("Not autograded (see the autograde log; their score is not a grade): %s",
                             ", ".join(sorted(set(failed))))


def autograde_status(coursedir, assignment, student_id: str) -> str:
    """`graded` if autograde wrote every notebook of the assignment for the learner, else what is missing."""
    folder = Path(coursedir.format_path(coursedir.autograded_directory, student_id, assignment.name))
    missing = sorted(notebook.name for notebook in assignment.notebooks
                     if not (folder / f"{notebook.name}.ipynb").is_file())
    if not missing:
        return "graded"
    return f"NOT AUTOGRADED ({', '.join(missing)}): autograde failed or has not run; see its log"
