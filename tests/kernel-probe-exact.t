#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# tests/kernel-probe.t again, with the sample modules built with every
# marker a trace_simple_exact() (SIMPLE_MARKERS_ALL_EXACT): exact mode's
# fidelity in a real kernel, every hit and value checked the same way.
SMK_KERNEL_EXACT=1 exec "$(dirname "$0")/kernel-probe.t"
