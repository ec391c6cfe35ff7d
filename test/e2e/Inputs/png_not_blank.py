"""Checks that a PNG decodes and is not one flat colour.

Usage: png_not_blank.py FILE MIN_WIDTH MIN_HEIGHT
Prints the size and the number of distinct pixel values; exits 1 when the
image is smaller than asked or every pixel is the same. Standard library
only: the chunks are read with struct, the pixels inflated with zlib and the
scanline filters undone here.
"""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in (0, 2, 4, 6):
        raise ValueError(f"unsupported PNG: depth {depth} colour {colour}")
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    stride = width * channels
    raw = zlib.decompress(idat)
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def main():
    path, min_w, min_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    width, height, channels, rows = decode(path)
    pixels = set()
    for row in rows:
        for x in range(0, len(row), channels):
            pixels.add(row[x:x + channels])
        if len(pixels) > 1000:
            break
    print(f"png {width}x{height}, {len(pixels)}{'+' if len(pixels) > 1000 else ''} distinct pixel values")
    if width < min_w or height < min_h:
        print(f"error: smaller than {min_w}x{min_h}")
        return 1
    if len(pixels) < 2:
        print("error: every pixel is the same: a blank picture")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
