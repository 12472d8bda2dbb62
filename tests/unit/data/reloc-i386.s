# SPDX-License-Identifier: GPL-2.0 OR MIT
# tests/unit/reloc.c: REL relocations, each kind at a known offset of f.
	.text
	.globl f
	.type f, @function
f:
	movl arr+8, %eax
	call ext
	call g+16
	jmp g
	.size f, .-f
	.section .text.unlikely,"ax",@progbits
	.long 0, 0
	.type g, @function
g:
	ret
	.data
	.long 0
arr:
	.long 1, 2, 3, 4
