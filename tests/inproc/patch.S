/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Functions whose first bytes tests/unit/patch judges (tests/patch.t):
 * each comment says what smk_patch_plan() must answer at its entry (or
 * at the offset it names: a label would be a symbol of its own).
 */
	.text
	.globl main
	.type main,@function
main:
	xor %eax,%eax
	ret
	.size main,.-main

	.p2align 4
	.type copy2,@function
copy2:			/* 2 + 3 bytes, both copied */
	mov %edi,%eax
	add $1,%eax
	ret
	.size copy2,.-copy2

	.p2align 4
	.type riprel,@function
riprel:			/* a RIP-relative load: relocated */
	mov var(%rip),%eax
	ret
	.size riprel,.-riprel

	.p2align 4
	.type riprel_imm,@function
riprel_imm:		/* disp32 followed by an imm32 */
	cmpl $0x12345678,var(%rip)
	ret
	.size riprel_imm,.-riprel_imm

	.p2align 4
	.type call_first,@function
call_first:		/* a direct call, the last displaced */
	call copy2
	ret
	.size call_first,.-call_first

	.p2align 4
	.type join_inside,@function
join_inside:		/* at +9 a jump lands inside the 5 bytes */
	test %edi,%edi
	je 1f
	mov $1,%eax
	mov %eax,%ecx
1:	add $2,%ecx
	mov %ecx,%eax
	ret
	.size join_inside,.-join_inside

	.p2align 4
	.type join_target,@function
join_target:		/* 2 bytes then a jump target */
	xor %eax,%eax
2:	add $1,%eax
	cmp $10,%eax
	jl 2b
	ret
	.size join_target,.-join_target

	.p2align 4
	.type early_ret,@function
early_ret:		/* at +9 a ret in the middle: code follows */
	test %edi,%edi
	je 3f
	mov $1,%eax
	ret
3:	mov $2,%eax
	ret
	.size early_ret,.-early_ret

	.p2align 4
	.type final_ret,@function
final_ret:		/* at +3 pop; ret, then the assembler's padding */
	push %rbx
	mov %edi,%ebx
	pop %rbx
	ret
	.size final_ret,.-final_ret

	.p2align 4
	.type indirect_call,@function
indirect_call:		/* call *%rax cannot move */
	call *%rax
	ret
	.size indirect_call,.-indirect_call

	.p2align 4
	.type sys,@function
sys:			/* a system call among the displaced bytes */
	xor %eax,%eax
	syscall
	ret
	.size sys,.-sys

	.p2align 4
	.type jcc_last,@function
jcc_last:		/* a conditional jump ends the 5 bytes */
	cmp $3,%edi
	jne 4f
	mov $7,%eax
4:	ret
	.size jcc_last,.-jcc_last

	.data
var:	.long 42
	.section .note.GNU-stack,"",@progbits
