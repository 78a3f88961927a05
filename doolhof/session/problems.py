"""What went wrong with a file, told to the parent in the language of the moment, and kept short in the log.

The operating system's reason for a failed read or write (``error.strerror``) is English and
sometimes cryptic. The common ones are said in the parent's words, inside the translated
message; the raw text stays for the log::

    problem = Problem.of(MSG_NOT_SAVED, error, path)
    log.error("%s", problem.log_text())     # "/home/ann/.../game.json: [Errno 28] No space left on device"
    show(problem.message())                 # "Het spel kon niet worden opgeslagen (de schijf is vol). ..."

A :class:`Problem` keeps the untranslated template, so :meth:`Problem.message` follows a language
switch. :func:`clip` cuts any value (a 10 MB language name in a hand-edited file, say) before it
goes into a log line or a message.

>>> clip("short")
'short'
>>> clip("x" * 1000, 20)
'xxxxxxxxxxxxxxxxxxxx… (1000 characters)'
"""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path

from doolhof.i18n import N_, _

#: The longest value written into a log line or a message as it is; longer ones are cut.
CLIP = 200

#: The operating system's common reasons, in the parent's words (error number -> text for ``_``).
REASONS: dict[int, str] = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EACCES: N_("no permission"),
    errno.EPERM: N_("no permission"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EISDIR: N_("a folder is in the way"),
    errno.ENOTDIR: N_("a file is in the way"),
    errno.EEXIST: N_("a file is in the way"),
}
if hasattr(errno, "EDQUOT"):  # over the user's disk quota: to a family, the same as a full disk
    REASONS[errno.EDQUOT] = N_("the disk is full")


def clip(value: object, limit: int = CLIP) -> str:
    """``str(value)``, cut to *limit* characters with a note of the full length when longer."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def clip_repr(value: object, limit: int = CLIP) -> str:
    """``repr(value)`` cut like :func:`clip`; a huge text or list is not turned into text whole first.

    >>> clip_repr("abc"), clip_repr("y" * 10**7, 5), clip_repr(["x"] * 10**6)
    ("'abc'", "'yyyyy'… (10000000 characters)", 'a list of 1000000 items')
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, (list, tuple, dict)) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    return clip(repr(value), limit)


@dataclass(frozen=True)
class Problem:
    """A file that could not be read or written: the template of the message and the raw facts.

    *text* is a template marked with ``N_`` that may use ``{error}`` (the reason, see :meth:`reason`),
    ``{name}`` (the file's name) and ``{path}`` (its full path); *code* is the error number (None
    when the problem was not the operating system's), *detail* the raw reason for the log.
    """

    text: str
    detail: str = ""
    code: int | None = None
    path: str = ""

    @classmethod
    def of(cls, text: str, error: BaseException | str, path: Path | str | None = None) -> Problem:
        """The problem *error* (an ``OSError`` or any other exception or text) caused with the file *path*."""
        code = error.errno if isinstance(error, OSError) else None
        detail = (error.strerror or str(error)) if isinstance(error, OSError) else str(error)
        return cls(text, clip(detail), code, "" if path is None else str(path))

    def reason(self) -> str:
        """The reason in the parent's words (the current language): a common one translated, else the system's.

        >>> from doolhof.i18n import set_language
        >>> MSG = "Not written ({error}): {name}"
        >>> problem = Problem.of(MSG, OSError(errno.ENOSPC, "No space left on device"), "/d/game.json")
        >>> set_language("nl")
        'nl'
        >>> problem.reason()
        'de schijf is vol'
        >>> set_language("en")
        'en'
        >>> problem.reason(), Problem.of(MSG, OSError(errno.EIO, "Input/output error")).reason()
        ('the disk is full', 'Input/output error')
        >>> problem.message(), problem.log_text()
        ('Not written (the disk is full): game.json', '/d/game.json: [Errno 28] No space left on device')
        """
        if self.code is not None and self.code in REASONS:
            return _(REASONS[self.code])
        return self.detail

    def message(self) -> str:
        """The whole sentence for the parent, in the current language."""
        return _(self.text).format(error=self.reason(), name=Path(self.path).name, path=self.path)

    def log_text(self) -> str:
        """The raw facts for the log, in English: the file and the system's own reason."""
        where = f"{self.path}: " if self.path else ""
        number = f"[Errno {self.code}] " if self.code is not None else ""
        return f"{where}{number}{self.detail}"
