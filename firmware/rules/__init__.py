# The rules core. forget() lets a module go that is needed only now and then
# (the discards' advisor, the saves' field rules, a screen), to keep RAM low.
import sys


def forget(name):
    """Take a loaded module out of sys.modules and off its package: once nothing
    else holds it, the collector frees it; the next import loads it again."""
    module = sys.modules.pop(name, None)
    if module is None:
        return
    dot = name.rfind(".")
    package = sys.modules.get(name[:dot]) if dot > 0 else None
    if package is not None and getattr(package, name[dot + 1:], None) is module:
        delattr(package, name[dot + 1:])
