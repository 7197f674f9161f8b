"""The stock Pico firmware the tests use, never kept in the repository: found as the host tool
finds it (pocketcrib.places.pico_uf2: POCKETCRIB_PICO_UF2, POCKETCRIB_PICO_DIR, which the Makefile
sets from PICO_DIR, else shared/pico/ beside the checkout). Tests that need it skip, saying why,
when it is not found."""

from pocketcrib import places


def stock_uf2():
    """The MicroPython UF2 for RPI_PICO, or None."""
    return places.pico_uf2()
