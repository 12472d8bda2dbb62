// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "probe.h"

const char *smk_fetch_how_name(enum smk_fetch_how how)
{
	switch (how) {
	case SMK_FETCH_DIRECT:
		return "direct";
	case SMK_FETCH_VIEW:
		return "view-resolved";
	case SMK_FETCH_COMPUTED:
		return "computed";
	case SMK_FETCH_ENTRY:
		return "entry value";
	}
	return "direct";
}

void smk_fetch_drop_value(struct smk_fetch *f)
{
	unsigned int k;

	free(f->spec);
	f->spec = NULL;
	free(f->compute);
	f->compute = NULL;
	for (k = 0; k < f->ninputs && k < SMK_FETCH_MAX_INPUTS; k++) {
		free(f->inputs[k].spec);
		f->inputs[k].spec = NULL;
	}
	f->ninputs = 0;
	free(f->entry.spec);
	free(f->entry.symbol);
	memset(&f->entry, 0, sizeof(f->entry));
	f->how = SMK_FETCH_DIRECT;
}

void smk_fetch_input_name(const struct smk_fetch *f, unsigned int k,
			  char *buf, size_t size)
{
	smk_compute_input_name(f->name, k, buf, size);
}

void smk_fetch_deinit(struct smk_fetch *f)
{
	smk_fetch_drop_value(f);
	free(f->ctype);
	free(f->location);
	free(f->reason);
	f->ctype = f->location = f->reason = NULL;
}

void smk_site_deinit(struct smk_site *s)
{
	unsigned int i;

	for (i = 0; i < s->nfetch; i++)
		smk_fetch_deinit(&s->fetch[i]);
	free(s->symbol);
	s->symbol = NULL;
	s->nfetch = 0;
}

void smk_placement_deinit(struct smk_placement *p)
{
	size_t i;

	for (i = 0; i < p->nsites; i++)
		smk_site_deinit(&p->sites[i]);
	free(p->sites);
	free(p->reason);
	free(p->rule);
	free(p->evidence);
	p->sites = NULL;
	p->reason = p->rule = p->evidence = NULL;
	p->nsites = 0;
}

const char *smk_verdict_name(enum smk_verdict v)
{
	switch (v) {
	case SMK_VERDICT_EXACT:
		return "exact";
	case SMK_VERDICT_APPROX:
		return "approximated";
	default:
		return "not found";
	}
}

const char *smk_direction_name(enum smk_direction d)
{
	switch (d) {
	case SMK_DIRECTION_OVER:
		return "over";
	case SMK_DIRECTION_UNDER:
		return "under";
	default:
		return NULL;
	}
}
