"""Diagnostics: located problems, collected rather than raised one by one.

A `Diagnostic` carries the user's file:line:col, a stable code and a message that says what
was expected. Stages append to a `Report`; only the CLI prints them or turns them into an exit
status. `stage` tells the CLI which exit code a problem means: "input" problems (bad YAML, bad
types, unknown keys, dangling references) are exit 2, "rules" problems are exit 1.
"""
from __future__ import annotations

from .records import field, record


@record(frozen=True)
class Loc:
    """A position in a file; line and col count from 1 as editors show them."""

    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@record(frozen=True)
class Diagnostic:
    """A located problem: the user's file:line:col, a stable code and a message saying what was
    expected; `stage` tells the CLI which exit code it means."""

    loc: Loc
    code: str
    message: str
    severity: str = "error"  # "error" | "warning"
    stage: str = "input"  # "input" (exit 2) | "rules" (exit 1) | "render"

    def __str__(self) -> str:
        return f"{self.loc}: {self.severity}[{self.code}]: {self.message}"

    def as_json(self) -> dict:
        return {
            "file": self.loc.file,
            "line": self.loc.line,
            "col": self.loc.col,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
        }


@record
class Report:
    """An ordered collection of diagnostics for one game."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, loc: Loc, code: str, message: str, stage: str = "input") -> None:
        self.items.append(Diagnostic(loc, code, message, "error", stage))

    def rule(self, loc: Loc, code: str, message: str) -> None:
        self.error(loc, code, message, stage="rules")

    def warning(self, loc: Loc, code: str, message: str, stage: str = "render") -> None:
        self.items.append(Diagnostic(loc, code, message, "warning", stage))

    def extend(self, other: "Report") -> None:
        self.items.extend(other.items)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def input_errors(self) -> list[Diagnostic]:
        return [d for d in self.errors if d.stage == "input"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.loc.file, d.loc.line, d.loc.col))

    def exit_code(self) -> int:
        if self.input_errors:
            return 2
        return 1 if self.errors else 0


class UnknownGame(Exception):
    """A game id no installed package registers, or a game package that cannot be loaded (defined
    here, at the bottom, so the command line can catch it without loading the games)."""


class InputError(Exception):
    """Raised by a loader when input cannot be read at all; carries its diagnostics."""

    def __init__(self, report: Report):
        super().__init__("; ".join(str(d) for d in report.items))
        self.report = report


def plural(n: int, word: str, suffix: str = "s") -> str:
    return f"{n} {word}" + ("" if n == 1 else suffix)


def one_of(values, word: str = "or") -> str:
    """Render accepted values for a message: 'a, b or c' (or 'a, b and c' with word="and")."""
    vals = [str(v) for v in values]
    if len(vals) <= 1:
        return "".join(vals)
    return ", ".join(vals[:-1]) + f" {word} " + vals[-1]
