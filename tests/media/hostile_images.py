#!/usr/bin/env python3
"""Writes the hostile picture uploads of docs/operations.md "Picture decoding" (standard
library only, deterministic: the same bytes on every run):

  many_scans.jpg     7000x7000 grey progressive JPEG: one DC scan, then the same AC scan 1,000
                     times (each 55 bytes, end-of-band runs over the whole image). Small (171
                     KB), but a decoder walks every block once per scan: seconds of CPU and
                     the whole image's coefficients (93.5 MiB) in memory.
  interlaced16.png   7000x7000 RGBA, 16 bits a sample, Adam7 interlaced, all zero: 380 KB
                     that a decoder must hold whole (392 MB) before the first row is done.
  truncated.jpg      4000x3000 grey baseline JPEG whose entropy-coded data stops after 1 KB
                     and ends with EOI: the header claims more than the data holds.

    tests/media/hostile_images.py [FOLDER]      (default: fuzz/corpus/image)

The tests read them from fuzz/corpus/image (tests/media, tests/e2e/hostile_images.py).
"""
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FOLDER = os.path.join(HERE, "..", "..", "fuzz", "corpus", "image")

MANY_SCANS = 1000


# ---- JPEG


class BitWriter:
    """Huffman-coded entropy data: bits from the most significant, 0xFF stuffed with 0x00,
    the last byte padded with 1 bits (ITU T.81 F.1.2.3)."""

    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.count = 0

    def bits(self, value, length):
        for i in range(length - 1, -1, -1):
            self.acc = (self.acc << 1) | ((value >> i) & 1)
            self.count += 1
            if self.count == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0)
                self.acc = self.count = 0

    def done(self):
        if self.count:
            self.bits((1 << (8 - self.count)) - 1, 8 - self.count)
        return bytes(self.out)


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def dqt():
    return segment(0xDB, bytes([0]) + bytes([1] * 64))  # table 0, 8-bit, all ones


def dht(table_class, table_id, symbol):
    """A table of one symbol whose code is the single bit 0."""
    counts = bytes([1] + [0] * 15)
    return segment(0xC4, bytes([(table_class << 4) | table_id]) + counts + bytes([symbol]))


def sof(marker, width, height):
    # 8-bit precision, one component: id 1, sampling 1x1, quantisation table 0.
    return segment(marker, struct.pack(">BHHB", 8, height, width, 1) + bytes([1, 0x11, 0]))


def sos(ss, se, ah_al):
    return segment(0xDA, bytes([1, 1, 0x00, ss, se, ah_al]))  # component 1, tables DC0 AC0


def blocks(width, height):
    return ((width + 7) // 8) * ((height + 7) // 8)


def dc_scan(count):
    """Every block's DC difference in category 0: one 0 bit each."""
    w = BitWriter()
    for _ in range(count // 8):
        w.out.append(0)
    w.bits(0, count % 8)
    return w.done()


def eob_run_scan(count):
    """AC first scan: end-of-band runs (symbol EOB14, 0xE0: a run of 2^14 + 14 bits) over
    `count` blocks."""
    w = BitWriter()
    left = count
    while left:
        run = min(left, (1 << 15) - 1)
        w.bits(0, 1)  # the code of 0xE0
        w.bits(run - (1 << 14), 14)
        left -= run
    return w.done()


def many_scans_jpeg(width=7000, height=7000, scans=MANY_SCANS):
    n = blocks(width, height)
    assert n >= (1 << 14) * 2  # every run here uses EOB14
    out = bytearray(b"\xFF\xD8")
    out += dqt() + sof(0xC2, width, height)
    out += dht(0, 0, 0x00) + sos(0, 0, 0x00) + dc_scan(n)
    # The same first AC scan again and again: libjpeg accepts a repeated first scan (Ah = 0
    # where the coefficient's bit position is already 0), so every copy is decoded in full.
    ac = dht(1, 0, 0xE0) + sos(1, 63, 0x00) + eob_run_scan(n)
    out += ac
    out += (sos(1, 63, 0x00) + eob_run_scan(n)) * (scans - 1)
    out += b"\xFF\xD9"
    return bytes(out)


def truncated_jpeg(width=4000, height=3000, data_bytes=1024):
    """Baseline; each block DC category 0 and EOB (1 bit each, tables of one symbol), cut after
    `data_bytes` of entropy data, then EOI."""
    out = bytearray(b"\xFF\xD8")
    out += dqt() + sof(0xC0, width, height)
    out += dht(0, 0, 0x00) + dht(1, 0, 0x00)
    out += sos(0, 63, 0x00)
    out += bytes(data_bytes)  # 2 bits a block: 4,096 of the 187,500 blocks
    out += b"\xFF\xD9"
    return bytes(out)


# ---- PNG


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]  # x0, y0, dx, dy of the seven passes


def interlaced16_png(width=7000, height=7000):
    pixel_bytes = 8  # RGBA, 16 bits a sample
    z = zlib.compressobj(9)
    idat = bytearray()
    for x0, y0, dx, dy in ADAM7:
        columns = (width - x0 + dx - 1) // dx if width > x0 else 0
        rows = (height - y0 + dy - 1) // dy if height > y0 else 0
        if not columns or not rows:
            continue
        row = bytes(1 + columns * pixel_bytes)  # filter type 0, black transparent pixels
        for _ in range(rows):
            idat += z.compress(row)
    idat += z.flush()
    ihdr = struct.pack(">IIBBBBB", width, height, 16, 6, 0, 0, 1)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", bytes(idat)) +
            chunk(b"IEND", b""))


FILES = {
    "many_scans.jpg": many_scans_jpeg,
    "interlaced16.png": interlaced16_png,
    "truncated.jpg": truncated_jpeg,
}


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_FOLDER
    os.makedirs(folder, exist_ok=True)
    for name, make in FILES.items():
        data = make()
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
