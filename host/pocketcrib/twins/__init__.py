"""The board's twins: the firmware run on this machine as a desktop simulator (sim, panel),
a virtual board behind a serial port (vboard), and a web page (webpage, web/); mpshim/ stands
in for the MicroPython modules CPython lacks."""
