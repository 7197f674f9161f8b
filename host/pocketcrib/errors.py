"""The one error the host tool shows its user: `pocketcrib: what went wrong (hint)`."""


class PocketCribError(Exception):
    """A problem the user can act on; the CLI prints it as one line and exits non-zero."""

    def __init__(self, what, hint=None, code=1):
        super().__init__(what)
        self.what = what
        self.hint = hint
        self.code = code

    def __str__(self):
        return f"{self.what} ({self.hint})" if self.hint else self.what
