# SPDX-License-Identifier: GPL-2.0 OR MIT
# tests/unit/reloc.c: the same as reloc-i386.s with RELA relocations.
	.text
	.globl f
	.type f, @function
f:
	movl arr+8(%rip), %eax
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
