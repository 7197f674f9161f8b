"""A seeded list of framebuf drawing calls, as Python source that runs the same
on CPython (with the shim) and in the MicroPython VM (with the real module)."""
import random


def script(seed, n=400):
    r = random.Random(seed)
    lines = [
        "import framebuf",
        "buf = bytearray(128 * 64 // 8)",
        "fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)",
        "g1 = bytearray(b'\\x3c\\x42\\x81\\x99\\x99\\x81\\x42\\x3c\\x0f')",
        "gv = framebuf.FrameBuffer(g1, 9, 8, framebuf.MONO_VLSB)",
        "gh = framebuf.FrameBuffer(bytearray(b'\\xa5\\x5a\\xff\\x00\\x81\\x7e\\x18\\x24'), 8, 8, framebuf.MONO_HLSB)",
        "gm = framebuf.FrameBuffer(bytearray(b'\\xa5\\x5a\\xff\\x00\\x81\\x7e\\x18\\x24\\x11\\x22'), 5, 8, framebuf.MONO_HMSB)",
        "inv = framebuf.FrameBuffer(bytearray(b'\\x01\\x00'), 2, 1, framebuf.MONO_VLSB)",
    ]

    def c():
        return r.randrange(-20, 150)

    for _ in range(n):
        op = r.randrange(11)
        col = r.randrange(2)
        if op == 0:
            lines.append("fb.fill_rect(%d, %d, %d, %d, %d)" % (c(), c() // 2, r.randrange(-3, 60), r.randrange(-3, 40), col))
        elif op == 1:
            lines.append("fb.line(%d, %d, %d, %d, %d)" % (c(), c() // 2, c(), c() // 2, col))
        elif op == 2:
            lines.append("fb.rect(%d, %d, %d, %d, %d)" % (c(), c() // 2, r.randrange(0, 60), r.randrange(0, 40), col))
        elif op == 3:
            lines.append("fb.hline(%d, %d, %d, %d)" % (c(), c() // 2, r.randrange(-5, 90), col))
        elif op == 4:
            lines.append("fb.vline(%d, %d, %d, %d)" % (c(), c() // 2, r.randrange(-5, 50), col))
        elif op == 5:
            lines.append("fb.pixel(%d, %d, %d)" % (c(), c() // 2, col))
        elif op == 6:
            src = r.choice(("gv", "gh", "gm"))
            key = r.choice(("", ", 0", ", 1", ", -1"))
            lines.append("fb.blit(%s, %d, %d%s)" % (src, c(), c() // 2, key))
        elif op == 7:
            lines.append("fb.blit(gv, %d, %d, 1, inv)" % (c(), c() // 2))
        elif op == 8:
            s = "".join(chr(r.randrange(30, 130)) for _ in range(r.randrange(1, 8)))
            lines.append("fb.text(%r, %d, %d, %d)" % (s, c(), c() // 2, col))
        elif op == 9:
            lines.append("fb.scroll(%d, %d)" % (r.randrange(-9, 10), r.randrange(-9, 10)))
        else:
            lines.append("fb.blit((b'\\x81\\x42\\x24\\x18\\x18', 5, 8, framebuf.MONO_VLSB), %d, %d, 0)" % (c(), c() // 2))
        if r.randrange(25) == 0:
            lines.append("fb.fill(%d)" % col)
    lines.append("print(bytes(buf).hex())")
    return "\n".join(lines) + "\n"
