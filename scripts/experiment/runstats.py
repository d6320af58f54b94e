# SPDX-License-Identifier: GPL-2.0
"""runstats — the statistics of "is B different from A, beyond the noise?".

One implementation for every script that compares two series of
measurements: scripts/experiment/compare-runs.py (wall time of two commands) and
scripts/experiment/runtime/report.py (guest instructions per operation of two
kernels).  Samples are independent runs, alternated A B A B so that drift
falls on both.  The difference of the means is beyond the noise when it
exceeds K standard errors of that difference (sqrt(sA^2/nA + sB^2/nB),
s the sample standard deviation) and is at least MIN_EFFECT percent of
mean A.  With no spread at all (a deterministic measurement: QEMU's
-icount) the standard error is 0 and any difference of at least
MIN_EFFECT percent is beyond it.
"""
import math


def mean_sd(v):
    """Mean and sample standard deviation (0 for fewer than two samples)."""
    if not v:
        raise ValueError('no samples')
    mean = sum(v) / len(v)
    var = sum((x - mean) ** 2 for x in v) / (len(v) - 1) if len(v) > 1 else 0.0
    return mean, math.sqrt(var)


def compare(a, b, sigmas=3.0, min_effect=1.0):
    """The comparison of samples b against samples a, as a dict:
    mean_a, sd_a, mean_b, sd_b, diff (mean b - mean a), rel (percent of
    mean a), se (standard error of the difference), beyond (bool)."""
    (ma, sa), (mb, sb) = mean_sd(a), mean_sd(b)
    se = math.sqrt(sa ** 2 / len(a) + sb ** 2 / len(b))
    diff = mb - ma
    rel = diff * 100.0 / ma if ma else 0.0
    beyond = abs(diff) > sigmas * se and abs(rel) >= min_effect
    return {'mean_a': ma, 'sd_a': sa, 'mean_b': mb, 'sd_b': sb,
            'diff': diff, 'rel': rel, 'se': se, 'beyond': beyond}
