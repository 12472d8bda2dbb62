#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
# Made tests/fuzz/regress/elf/bad-byte-size (tests/fuzz/README):
#   make-bad-byte-size.py GOOD-ELF OUT
# Change DW_AT_byte_size of every DW_TAG_base_type abbrev from DW_FORM_data1
# to DW_FORM_flag (same size): libdw's dwarf_formudata() refuses it.
import struct, sys
src, dst = sys.argv[1], sys.argv[2]
b = bytearray(open(src, 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
def sh(i):
    return struct.unpack_from('<IIQQQQIIQQ', b, shoff + i * shentsize)
stroff = sh(shstrndx)[4]
def name(o):
    return b[stroff + o:b.index(0, stroff + o)].decode()
def uleb(p):
    v = s = 0
    while True:
        c = b[p]; p += 1; v |= (c & 0x7f) << s; s += 7
        if not c & 0x80:
            return v, p
n = 0
for i in range(shnum):
    h = sh(i)
    if name(h[0]) != '.debug_abbrev':
        continue
    p, end = h[4], h[4] + h[5]
    while p < end:
        code, p = uleb(p)
        if code == 0:
            continue
        tag, p = uleb(p)
        p += 1
        while True:
            at, p = uleb(p)
            fp = p
            form, p = uleb(p)
            if form == 0x21:
                _, p = uleb(p)
            if at == 0 and form == 0:
                break
            if tag == 0x24 and at == 0x0b and form == 0x0b:
                b[fp] = 0x0c
                n += 1
assert n, 'no base type byte_size patched'
open(dst, 'wb').write(b)
print(n, 'patched')
