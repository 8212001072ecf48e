"""Per-user progress: a versioned JSON file, written atomically, scheduling reviews Leitner-style.

Each question the learner has met sits in a box. A right answer moves it up one box, a wrong one back to box 1.
A question in box b is due again ``INTERVALS_DAYS[b]`` days after it was last answered, so missed questions come
back the same day and well-known ones rarely. The file lives in the platform's user data directory, or in
``$ATTN_QUIZ_HOME`` when that is set.
"""
from __future__ import annotations

import json
import os
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

VERSION = 1
INTERVALS_DAYS = (0.0, 0.0, 1.0, 3.0, 7.0, 16.0, 35.0)  # index = box; box 0 = never answered, 1 = missed
DAY = 86400.0


@dataclass
class Record:
    """What we remember about one question for one learner."""
    box: int = 0
    seen: int = 0
    right: int = 0
    last: float = 0.0  # time of the last answer (seconds since the epoch)

    def due_at(self) -> float:
        """When this question is next due (seconds since the epoch); missed ones are due at once."""
        if self.box <= 1:
            return self.last
        return self.last + INTERVALS_DAYS[min(self.box, len(INTERVALS_DAYS) - 1)] * DAY

    def due(self, now: float) -> bool:
        return self.box <= 1 or now >= self.due_at()


def home() -> Path:
    if os.environ.get("ATTN_QUIZ_HOME"):
        return Path(os.environ["ATTN_QUIZ_HOME"])
    import platformdirs  # only when needed: it is slow to import, and the quiz tool should start fast
    return Path(platformdirs.user_data_dir("attn-course", appauthor=False))


def default_user() -> str:
    return os.environ.get("ATTN_QUIZ_USER") or os.environ.get("USER") or os.environ.get("USERNAME") or "learner"


@dataclass
class Progress:
    """All records of one user, keyed by ``quiz/question-id``."""
    user: str
    records: dict[str, Record] = field(default_factory=dict)

    @staticmethod
    def path_for(user: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9_.-]", "_", user) or "learner"
        return home() / f"progress-{safe}.json"

    @classmethod
    def load(cls, user: str) -> "Progress":
        """The stored progress of ``user`` (empty if there is none); refuses files from a newer version."""
        path = cls.path_for(user)
        if not path.exists():
            return cls(user)
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != VERSION:
            raise ValueError(f"{path}: progress file version {data.get('version')!r}, this tool reads {VERSION}")
        return cls(user, {key: Record(**value) for key, value in data["records"].items()})

    def save(self) -> Path:
        """Write atomically: a temporary file in the same directory, then ``os.replace``."""
        import tempfile
        path = self.path_for(self.user)
        path.parent.mkdir(parents=True, exist_ok=True)
        payload = {"version": VERSION, "user": self.user,
                   "records": {key: asdict(record) for key, record in sorted(self.records.items())}}
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(payload, handle, indent=1)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    def record(self, key: str, right: bool, now: float | None = None) -> Record:
        """Note an answered question: up one box if right (a new question lands in box 2), box 1 if wrong."""
        entry = self.records.setdefault(key, Record())
        entry.seen += 1
        entry.right += int(right)
        entry.box = min(max(entry.box, 1) + 1, len(INTERVALS_DAYS) - 1) if right else 1
        entry.last = time.time() if now is None else now
        return entry

    def attempts(self, key: str) -> int:
        """How often ``key`` has been answered: the variant to show next (new numbers each attempt)."""
        record = self.records.get(key)
        return record.seen if record else 0

    def upcoming(self, keys: list[str], now: float | None = None) -> list[tuple[str, float]]:
        """The answered ``keys`` not yet due, with when each is due, soonest first."""
        now = time.time() if now is None else now
        waiting = [(k, self.records[k].due_at()) for k in keys if k in self.records and not self.records[k].due(now)]
        return sorted(waiting, key=lambda item: item[1])

    def due(self, keys: list[str], now: float | None = None) -> list[str]:
        """The answered ``keys`` due for review, lowest box (most often missed) first."""
        now = time.time() if now is None else now
        answered = [k for k in keys if k in self.records and self.records[k].due(now)]
        return sorted(answered, key=lambda k: (self.records[k].box, self.records[k].last))
