/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* csmith 2.3.0 --seed 1248014695 --no-jumps, markers by bench/campaign/gen.py, reduced by cvise (time-boxed) and reduce.sh */
#include <linux/simple_marker.h>
# define SMK_WITNESS_MAIN
#include "witness.h"
#include "csmith.h"
static long __undefined;
static int32_t g_2 = 0x13B91020L;
static int32_t g_48 = 1L;
static uint16_t g_51 = 65526UL;
static int32_t **g_70 = (void*)0;
static uint16_t *g_84 = (void*)0;
static uint16_t g_86 = 0x50E4L;
static uint16_t * volatile g_85[3][3][4] = {0};
static uint8_t g_88 = 0x19L;
static uint32_t g_103 = 5UL;
static uint8_t g_132 = 1UL;
static uint64_t g_141 = 1UL;
static const uint32_t g_149 = 0x63287AF7L;
static uint64_t g_159 = 0UL;
static const uint8_t g_181 = 247UL;
static int32_t g_182 = 0x7F314E3BL;
static int16_t g_192 = 4L;
static volatile uint32_t g_194 = 5UL;
static int64_t g_197[3][2][6] = {0};
static volatile int32_t g_198 = 0xCE971FE1L;
static volatile uint32_t g_200 = 4294967291UL;
static int32_t * volatile g_203[2] = {(void*)0,(void*)0};
static int32_t * volatile g_204 = &g_182;
static volatile uint8_t g_258 = 0x03L;
static volatile uint8_t *g_257 = &g_258;
static volatile uint8_t * volatile *g_256 = &g_257;
static volatile uint8_t * volatile ** volatile g_255 = &g_256;
static volatile uint32_t *g_267 = &g_200;
static volatile uint32_t * volatile *g_266 = &g_267;
static int8_t g_335 = 0xE4L;
static uint8_t g_372 = 0xACL;
static uint32_t g_405[6] = {0};
static int32_t * const  volatile g_407 = (void*)0;
static uint64_t g_441 = 8UL;
static const uint8_t g_463 = 0UL;
static const uint8_t * const g_462 = &g_463;
static const uint8_t * const *g_461 = &g_462;
static const uint8_t * const **g_460 = &g_461;
static uint32_t g_482 = 0x189BFEB2L;
static uint16_t g_544 = 65535UL;
static int32_t g_575[6][4] = {0};
static uint8_t ***** volatile g_581 = (void*)0;
static int32_t * volatile g_631 = &g_48;
static uint32_t *g_661 = &g_405[2];
static uint32_t **g_660 = &g_661;
static uint32_t ***g_659 = &g_660;
static uint32_t ****g_658 = &g_659;
static int64_t g_667[7] = {0};
static const uint16_t *g_674 = &g_544;
static const uint16_t **g_673 = &g_674;
static const uint16_t ***g_672 = &g_673;
static int8_t * volatile * volatile g_751 = (void*)0;
static int8_t * volatile * volatile * volatile g_752 = &g_751;
static uint32_t g_790 = 4294967295UL;
static const uint64_t g_865 = 18446744073709551613UL;
static const uint32_t ***g_902 = (void*)0;
static const uint32_t ****g_901 = &g_902;
static int16_t g_989 = 0L;
static int64_t *g_1060 = &g_667[0];
static int64_t **g_1059 = &g_1060;
static int32_t *g_1062 = (void*)0;
static int32_t ** volatile g_1061[9] = {0};
static const int32_t *g_1069 = (void*)0;
static const int32_t ** volatile g_1068 = &g_1069;
static uint32_t *****g_1131 = &g_658;
static uint32_t *** const *g_1134 = &g_659;
static uint32_t *** const **g_1133 = &g_1134;
static uint8_t *g_1176 = (void*)0;
static int8_t g_1216 = 0xFBL;
static int16_t g_1236 = 0xC786L;
static int16_t g_1268[9] = {0L,0L,7L,0L,0L,7L,0L,0L,7L};
static uint32_t g_1317 = 0UL;
static const uint8_t *g_1362 = &g_132;
static const uint8_t **g_1361[2][2] = {{&g_1362,&g_1362},{&g_1362,&g_1362}};
static const uint8_t ***g_1360[3][1][6] = {0};
static const uint8_t ****g_1359[10] = {0};
static const int32_t ** volatile g_1404 = &g_1069;
static int64_t g_1410 = 0x4AA385F4537E6A31LL;
static int32_t ** volatile g_1500 = &g_1062;
static int32_t * volatile g_1565 = &g_182;
static int32_t ** volatile g_1692 = &g_1062;
static int32_t ***g_1750 = &g_70;
static int32_t ****g_1749 = &g_1750;
static int32_t ***** volatile g_1748[6] = {0};
static int32_t ***** volatile g_1753 = &g_1749;
static volatile uint64_t g_1844[2][6] = {0};
static volatile uint64_t * volatile g_1843 = &g_1844[1][4];
static volatile uint64_t * const  volatile *g_1842 = &g_1843;
static int64_t ** volatile g_1870 = &g_1060;
static int64_t g_1893[9][9] = {0};
static volatile int16_t g_2011 = (-9L);
static int64_t g_2013 = 0xB4D325E5E386C78FLL;
static uint64_t g_2024 = 1UL;
static int32_t g_2031 = (-2L);
static int32_t g_2112 = 0x2F77542DL;
static uint16_t g_2113[1][2] = {{0xFEDAL,0xFEDAL}};
static int16_t g_2122[1][4][6] = {0};
static uint32_t g_2237 = 4294967291UL;
static uint8_t **g_2263 = &g_1176;
static uint8_t ***g_2262 = &g_2263;
static uint8_t ****g_2261 = &g_2262;
static int32_t * const  volatile g_2269 = (void*)0;
static int32_t * volatile g_2270 = &g_182;
static const int32_t ** volatile g_2346 = &g_1069;
static uint16_t ***g_2359 = (void*)0;
static int64_t g_2383 = 0xBC1010C0127827E9LL;
static volatile uint32_t g_2389 = 0xD6382630L;
static uint32_t * const ***g_2595 = (void*)0;
static uint32_t * const ****g_2594 = &g_2595;
static int64_t g_2606 = 1L;
static int16_t *g_2684[10][3][8] = {0};
static int16_t **g_2683[5] = {0};
static int16_t **g_2688 = &g_2684[4][0][5];
static int16_t **g_2689 = &g_2684[8][1][0];
static volatile int8_t g_2789 = 0x3EL;
static int8_t * volatile * volatile * volatile *g_2799[1] = {&g_752};
static int32_t ** const  volatile g_2874 = &g_1062;
static int16_t * volatile g_2892 = &g_989;
static int64_t g_3005 = 0L;
static uint16_t * volatile * volatile ** volatile * volatile g_3021 = (void*)0;
static int32_t * volatile g_3176 = &g_2;
static const int32_t *g_3274 = &g_2;
static uint64_t g_3670 = 0x3F8B35956A38A8F8LL;
static const uint16_t ** const *g_3688 = (void*)0;
static int32_t * volatile g_3717[6] = {0};
static const int32_t *g_3754 = &g_2031;
static const int32_t * func_6(uint64_t  p_7);
static int8_t  func_10(uint8_t  p_11, int8_t  p_12, int32_t * p_13, uint32_t  p_14);
static int64_t  func_16(uint64_t  p_17);
static uint8_t  func_21(const int32_t * const  p_22, int32_t * p_23, int32_t * p_24);
static int32_t * func_26(uint8_t  p_27, const int16_t  p_28, uint32_t  p_29);
static uint32_t  func_1(void)
{ 
    int64_t l_5[8][2];
    trace_simple(m0, ""); uint32_t l_18 = 0UL;
    const int32_t * const l_25 = &g_2;
    int32_t l_32 = 0x562B994BL;
    int32_t l_1653 = 0x6D463F89L;
    trace_simple(m1, "l_18=%u l_32=%d l_1653=%d", l_18, l_32, l_1653); int8_t *l_2028 = &g_1216;
    trace_simple(m2, "l_18=%u l_32=%d l_1653=%d", l_18, l_32, l_1653); int32_t l_2029[3];
    trace_simple(m3, "l_18=%u l_32=%d l_1653=%d", l_18, l_32, l_1653); int32_t *l_2030 = &g_2031;
    const int32_t **l_3755 = &g_1069;
    uint8_t *l_3760 = &g_88;
    trace_simple(m4, "l_18=%u l_1653=%d", l_18, l_1653); int64_t **l_3763[4];
    uint16_t *l_3764 = &g_51;
    int i, j;
    for (i = 0; i < 8; i++)
    {
        for (j = 0; j < 2; j++)
            l_5[i][j] = (-5L);
    }
    for (i = 0; i < 3; i++)
    for (g_2 = 0; (g_2 >= 3); ++g_2)
    { 
        return l_5[6][0];
    }
    (*l_3755) = func_6(((safe_lshift_func_int8_t_s_u(((*l_2028) = func_10(l_5[6][0], ((l_2029[2] ^= ((*l_2028) = ((~(func_16(((l_5[6][0] , l_18) || ((safe_div_func_uint8_t_u_u((func_21(l_25, &g_2, func_26(g_2, (*l_25), (l_32 = (safe_rshift_func_uint16_t_u_u(0UL, 8))))) | l_1653), g_1236)) <= 252UL))) , (*g_1843))) >= 0x7B963FEEF2C2E369LL))) | g_1893[5][3]), l_2030, (*l_2030))), g_2606)) , (**g_1842)));
    l_2029[2] &= (safe_mul_func_uint8_t_u_u((((*l_3760) &= ((safe_div_func_uint32_t_u_u(0x1AD6E966L, 0xCA67E61EL)) > (*g_3274))) && (((safe_mul_func_int16_t_s_s((0x67D7L != ((void*)0 != l_3763[0])), ((*l_2030) | (*l_25)))) || (l_3764 == (void*)0)) == (*l_2030))), (*l_2030)));
    return (*g_267);
}
static const int32_t * func_6(uint64_t  p_7)
{ 
    uint16_t l_2634 = 0xD01CL;
    trace_simple(m5, "p_7=%lu l_2634=%u", p_7, l_2634); int32_t l_2638 = 0xB8A5F036L;
    int32_t l_2641 = 1L;
    trace_simple(m6, "p_7=%lu l_2634=%u", p_7, l_2634); int32_t l_2642 = 0xA6950E6EL;
    trace_simple(m7, "p_7=%lu", p_7); int16_t *l_2759 = &g_1268[6];
    trace_simple(m8, "l_2642=%d", l_2642); int16_t l_2792 = (-4L);
    uint16_t l_2837 = 65533UL;
    uint8_t * const * const l_2860 = &g_1176;
    int8_t ***l_2865 = (void*)0;
    uint32_t l_2915 = 4294967290UL;
    uint16_t l_2916 = 0x4BA8L;
    trace_simple(m9, "l_2641=%d", l_2641); int32_t *****l_2923 = &g_1749;
    trace_simple(m10, "l_2642=%d l_2915=%u", l_2642, l_2915); uint32_t l_2970 = 0xFCBA9512L;
    uint32_t l_2974 = 0x214D5FA8L;
    int32_t l_3015 = 0x710A7853L;
    uint32_t ** const *l_3081 = &g_660;
    uint32_t ** const **l_3080 = &l_3081;
    const int32_t *l_3200 = &g_2;
    int32_t l_3207 = 0x79960ED3L;
    int32_t l_3209 = 0xDB2A0172L;
    uint32_t l_3234 = 4294967291UL;
    int32_t l_3236 = 0L;
    trace_simple(m11, "l_3236=%d", l_3236); int32_t l_3245 = 0L;
    int16_t l_3294 = 7L;
    uint8_t l_3382[8][1][1] = {0};
    const uint16_t ** const *l_3398 = &g_673;
    const uint16_t ** const **l_3397 = &l_3398;
    int32_t l_3435 = 0xE977C4A8L;
    trace_simple(m12, "l_3209=%d l_3234=%u", l_3209, l_3234); int32_t l_3436[5] = {0L,0L,0L,0L,0L};
    uint32_t l_3457 = 0UL;
    trace_simple(m13, "l_3245=%d", l_3245); uint32_t l_3618 = 0x5D62E137L;
    const int32_t *l_3654 = (void*)0;
    trace_simple(m14, "l_3294=%d l_3457=%u l_3618=%u", l_3294, l_3457, l_3618); uint16_t * const **l_3701 = (void*)0;
    uint16_t * const ** const *l_3700 = &l_3701;
    uint16_t l_3715 = 4UL;
    trace_simple(m15, ""); const int16_t l_3741 = 0xE813L;
    trace_simple(m16, "l_3457=%u l_3715=%u", l_3457, l_3715); int32_t *l_3748[3][10][6] = {0};
    trace_simple(m17, "l_3435=%d l_3715=%u l_3741=%d", l_3435, l_3715, l_3741); uint16_t l_3749 = 65533UL;
    uint32_t l_3750 = 0xAF52B51AL;
    trace_simple(m18, "l_3715=%u l_3749=%u l_3750=%u", l_3715, l_3749, l_3750); const int32_t *l_3753 = &l_2641;
    int i, j, k;
    for (g_132 = 0; (g_132 >= 32); g_132 = safe_add_func_uint16_t_u_u(g_132, 6))
    { 
        uint64_t l_2617 = 1UL;
        uint8_t *l_2631 = (void*)0;
        int32_t l_2632 = 0L;
        int64_t *l_2633 = &g_1410;
        uint32_t l_2635 = 0x04840C2CL;
        int32_t ****l_2636 = &g_1750;
        uint16_t l_2637[9][5][5] = {0};
        int16_t *l_2639 = (void*)0;
        int16_t *l_2640 = &g_1236;
        int8_t l_2677 = 0x76L;
        const int32_t *l_2800 = (void*)0;
        int16_t ***l_2821 = &g_2689;
        int32_t l_2829 = 0xEBF62B63L;
        int8_t l_2832 = 0L;
        uint32_t l_2845 = 0x9CB32DCFL;
        uint32_t l_2861 = 0x7F72F92AL;
        uint16_t l_3008[3];
        int i, j, k;
        for (i = 0; i < 3; i++)
            l_3008[i] = 65531UL;
        if ((safe_lshift_func_int16_t_s_u(((*g_1060) || (safe_mul_func_int8_t_s_s((l_2642 = ((((l_2641 = ((safe_mod_func_uint64_t_u_u(((safe_sub_func_int64_t_s_s((l_2617 , ((**g_1059) = (-10L))), (((*l_2640) = (((((safe_mod_func_int16_t_s_s(((*****g_1131) | (((l_2638 = ((((safe_mul_func_int8_t_s_s(p_7, (-2L))) && (((p_7 != ((safe_div_func_int32_t_s_s(((((((((safe_div_func_int8_t_s_s((((((((((!((((((((*l_2633) &= ((safe_div_func_uint64_t_u_u((p_7 , (safe_lshift_func_uint8_t_u_s((l_2632 &= 0x8CL), p_7))), p_7)) >= p_7)) >= p_7) , 0xEDBEC151L) != (****g_658)) < p_7) > l_2634) , p_7)) | p_7) & l_2635) == l_2635) <= p_7) ^ 0x10L) , l_2632) , l_2636) != (void*)0), p_7)) , p_7) , l_2634) , 4294967288UL) & l_2637[4][0][1]) && 1UL) , 0x08L) > 0xC4L), 3L)) & (**g_1842))) ^ 0x89L) == 0xA6696B49L)) , l_2634) && p_7)) , 0UL) && l_2634)), p_7)) || p_7) , 5UL) , 0xF4A1AB70486D4D44LL) & p_7)) , (-1L)))) , (*g_1843)), g_2237)) , 0L)) != l_2634) > l_2634) , p_7)), 1UL))), 9)))
        { 
            uint32_t l_2645[10];
            int32_t l_2659 = (-3L);
            int32_t l_2679 = 0x39BF9AB2L;
            int32_t l_2709[4];
            int8_t *l_2764 = &g_335;
            int32_t l_2765 = (-4L);
            int32_t *l_2801[6] = {0};
            int8_t l_2844 = (-8L);
            uint8_t *l_2846 = &g_372;
            { 
                uint8_t *l_2648 = &g_372;
                int32_t l_2658[3];
                for (g_86 = (-8); (g_86 != 25); g_86 = safe_add_func_int64_t_s_s(g_86, 3))
                { 
                    uint8_t ***** const l_2665[10] = {0};
                    int32_t l_2678 = 0x50B76A7FL;
                    { 
                        int16_t ***l_2685 = (void*)0;
                    }
                    g_2113[l_2677][g_86] = 0xC0A4L;
                }
                const int32_t *l_2772 = &l_2659;
                uint64_t *l_2778 = &g_441;
                int32_t *l_2781 = &l_2638;
                int64_t l_2790 = 6L;
                int32_t *l_2791 = &l_2765;
                int16_t ***l_2822 = (void*)0;
                for (g_141 = 0; (g_141 <= 32); ++g_141)
                for (l_2679 = 0; (l_2679 < 29); l_2679 = safe_add_func_int64_t_s_s(l_2679, 3))
                { 
                    l_2801[2] = l_2781;
                }
                for (l_2617 = 0; (l_2617 >= 54); l_2617++)
                { 
                    int64_t l_2824 = 0xAABA6458F5FF7289LL;
                    { 
                    }
                }
            }
            if (((((safe_sub_func_int16_t_s_s(((*l_2759) = l_2641), (((safe_mul_func_int8_t_s_s((((l_2642 = ((*l_2846) = (((l_2844 , (((((p_7 <= ((void*)0 != l_2800)) ^ (*****g_1133)) | p_7) && (l_2845 && (((*l_2640) = (((&l_2637[5][1][3] == &l_2637[4][0][1]) , 0x6DF69DBDDC878D31LL) <= 0UL)) , l_2642))) >= (*g_1843))) < (-1L)) <= p_7))) , p_7) >= 0L), p_7)) != 1UL) > p_7))) >= 1UL) > l_2837) , 0xD8FED3ABL))
            { 
                uint16_t l_2871 = 0x20C5L;
                int8_t l_2875 = 0xB6L;
                int32_t l_2876 = (-5L);
                uint32_t **l_2882 = (void*)0;
                int32_t *l_2893 = &l_2679;
                uint32_t l_2971 = 0x91841853L;
                for (g_790 = (-18); (g_790 >= 41); ++g_790)
                { 
                    uint32_t l_2863 = 4294967295UL;
                    int32_t l_2872 = (-1L);
                    uint16_t l_2917 = 65535UL;
                    for (l_2659 = 6; (l_2659 >= 0); l_2659 -= 1)
                    { 
                        int32_t *l_2849[2][1];
                        int32_t **l_2850 = &l_2801[2];
                        int i, j;
                        for (i = 0; i < 2; i++)
                        {
                            for (j = 0; j < 1; j++)
                                l_2849[i][j] = &g_2;
                        }
                        (*l_2850) = l_2849[0][0];
                    }
                    l_2642 = ((((((l_2872 &= (safe_div_func_uint8_t_u_u((!((safe_div_func_uint64_t_u_u((safe_lshift_func_uint16_t_u_u((((safe_rshift_func_int8_t_s_s(p_7, ((safe_add_func_int64_t_s_s((0L >= 0x1FL), (l_2837 & (safe_rshift_func_int8_t_s_u(((safe_rshift_func_int16_t_s_s((((*g_661) ^ ((8UL > (((safe_add_func_uint64_t_u_u(((void*)0 != (*g_1842)), (((safe_mul_func_uint8_t_u_u((((((safe_mul_func_uint8_t_u_u(0x5DL, l_2863)) , p_7) , p_7) || p_7) , 0xCBL), 6UL)) || l_2638) <= p_7))) , p_7) > l_2915)) && l_2916)) , 0xDC17L), (*l_2893))) , p_7), l_2634))))) ^ 7L))) || 0x43L) == p_7), 5)), 0x3CD57E038DF95F13LL)) > 9L)), 0x34L))) || (**g_660)) <= (*l_2893)) && l_2917) <= p_7) != l_2915);
                }
                for (g_192 = 13; (g_192 != (-11)); g_192 = safe_sub_func_uint16_t_u_u(g_192, 4))
                { 
                    int8_t l_2930 = 8L;
                    uint16_t ****l_2938[5] = {0};
                    int32_t l_2942 = 0xB469A38AL;
                    int32_t *l_2972 = &l_2876;
                    int i;
                    for (g_2024 = 21; (g_2024 > 60); g_2024 = safe_add_func_uint16_t_u_u(g_2024, 7))
                    { 
                        if ((*l_2893))
                            continue;
                    }
                    for (g_86 = 0; (g_86 <= 1); g_86 += 1)
                    { 
                        uint64_t *l_2951 = (void*)0;
                        uint64_t *l_2952 = &g_141;
                        const int16_t l_2965 = 0x2D58L;
                        uint64_t *l_2968 = (void*)0;
                        uint64_t *l_2969 = &g_159;
                        int32_t *l_2973 = &g_2;
                        int i, j, k;
                        l_2971 = (safe_lshift_func_int8_t_s_u((safe_mul_func_uint16_t_u_u(((safe_div_func_int64_t_s_s(((safe_sub_func_int64_t_s_s(g_197[g_86][g_86][(g_86 + 1)], ((*l_2952) |= 0x8F80D540E5F0E1F6LL))) | ((*l_2893) = ((safe_mul_func_uint16_t_u_u(((safe_rshift_func_uint8_t_u_s((((safe_mul_func_int16_t_s_s(((safe_sub_func_int16_t_s_s(l_2942, ((*l_2640) &= ((((safe_div_func_int64_t_s_s((p_7 > ((*l_2969) |= (((*l_2633) = (*g_1060)) <= ((safe_mod_func_uint16_t_u_u(l_2965, (1L && ((*l_2846)++)))) < ((*l_2893) < (8L != l_2942)))))), (**g_1842))) == (-1L)) || p_7) < 0x55L)))) | (**g_461)), 0x2792L)) & (*l_2893)) , (*l_2893)), l_2942)) != l_2970), g_197[g_86][g_86][(g_86 + 1)])) & 0xEA5EL))), p_7)) , 0xD7E2L), p_7)), 7));
                        l_2973 = l_2972;
                    }
                trace_simple(m20, "l_2875=%d", l_2875); }
                if (l_2974)
                    break;
                uint64_t l_2994 = 0x985EBFDEF3ACD965LL;
                uint64_t *l_2997[3];
                int32_t l_2998 = 0xE920F645L;
                int32_t **l_3016 = &l_2801[2];
                int i;
                for (i = 0; i < 3; i++)
                    l_2997[i] = &g_159;
                l_2998 = (((safe_mul_func_int8_t_s_s(((safe_rshift_func_int16_t_s_s(0x3782L, 0)) == ((*g_661) < (safe_div_func_int64_t_s_s((safe_div_func_int16_t_s_s((safe_lshift_func_uint8_t_u_s(((+(safe_mod_func_uint8_t_u_u(l_2994, (safe_div_func_int64_t_s_s((65532UL < (0L ^ p_7)), (*g_1843)))))) ^ (g_441 = (g_2122[0][1][0] , (((**g_2262) = (void*)0) == (void*)0)))), p_7)), (*g_674))), g_149)))), p_7)) , p_7) , p_7);
                (*l_3016) = func_26((safe_rshift_func_int8_t_s_s(((safe_mod_func_uint16_t_u_u((p_7 == ((safe_add_func_uint64_t_u_u((**g_1842), (g_3005 && p_7))) , (safe_mul_func_uint8_t_u_u((l_3008[1] = (***g_255)), p_7)))), (safe_add_func_uint64_t_u_u((safe_mul_func_uint16_t_u_u((safe_sub_func_int64_t_s_s(((*g_1060) = p_7), (l_3015 == p_7))), p_7)), p_7)))) ^ p_7), p_7)), p_7, p_7);
            }
        }
        else
        { 
            uint64_t l_3036[9] = {0};
            uint64_t ***l_3041 = (void*)0;
            for (g_989 = 0; (g_989 <= 0); g_989 += 1)
            { 
                int16_t *l_3027 = &l_2792;
                int16_t *l_3028 = &g_192;
                int32_t l_3049[5][10] = {0};
                int i, j;
                if ((safe_mod_func_int16_t_s_s((((((*l_2640) = g_1268[(g_989 + 4)]) != g_1268[(g_989 + 6)]) > (safe_lshift_func_int16_t_s_u((((void*)0 != g_3021) , ((((safe_lshift_func_int8_t_s_u(((safe_unary_minus_func_uint16_t_u((safe_lshift_func_int16_t_s_s(((*l_3028) = ((*l_3027) |= (*g_2892))), 5)))) | (safe_rshift_func_uint16_t_u_s((safe_div_func_uint32_t_u_u((safe_unary_minus_func_int8_t_s((l_2642 = ((safe_sub_func_int64_t_s_s(l_3036[6], p_7)) ^ (0x6387055465E16EA4LL > (safe_unary_minus_func_uint8_t_u((safe_add_func_int64_t_s_s((safe_unary_minus_func_int64_t_s((&g_1842 != l_3041))), (-2L)))))))))), g_1268[(g_989 + 6)])), 9))), 4)) >= 0x16CAL) , 247UL) >= g_1268[(g_989 + 6)])), 6))) | p_7), 0xBF08L)))
                { 
                    uint8_t *l_3044 = &g_372;
                }
            }
        }
        trace_simple(m22, "l_3457=%u l_3715=%u", l_3457, l_3715); int64_t l_3067 = (-1L);
        trace_simple(m26, ""); int32_t l_3237 = 6L;
        int32_t l_3238 = 1L;
    }
    trace_simple(m33, "l_3715=%u l_3749=%u", l_3715, l_3749); l_3749 = p_7;
    l_3750++;
    return g_3754;
}
static int8_t  func_10(uint8_t  p_11, int8_t  p_12, int32_t * p_13, uint32_t  p_14)
{ 
    int32_t l_2034 = 0xFBBFE867L;
    trace_simple(m34, "p_12=%d", p_12); int32_t l_2061[3][8][7] = {0};
    uint32_t *l_2063 = (void*)0;
    int32_t l_2065 = 0L;
    int32_t l_2066 = 8L;
    int32_t l_2090 = (-3L);
    uint32_t *l_2091 = (void*)0;
    int32_t *** const * const l_2107 = &g_1750;
    int32_t *** const * const *l_2106 = &l_2107;
    uint8_t *l_2114 = (void*)0;
    trace_simple(m35, ""); uint8_t *l_2115 = &g_88;
    uint64_t *l_2116 = &g_441;
    trace_simple(m36, ""); int32_t l_2131 = 0L;
    int32_t l_2146[6] = {0L,0L,0x4DCFCC3BL,0L,0L,0x4DCFCC3BL};
    const uint64_t *l_2316 = &g_159;
    trace_simple(m37, "p_14=%u l_2034=%d l_2131=%d", p_14, l_2034, l_2131); const uint64_t **l_2315 = &l_2316;
    uint32_t l_2319 = 4294967286UL;
    int16_t l_2344 = (-1L);
    uint8_t l_2487 = 1UL;
    uint8_t l_2597 = 0x16L;
    trace_simple(m38, "l_2131=%d l_2319=%u l_2487=%u", l_2131, l_2319, l_2487); int i, j, k;
    (*p_13) ^= 0x62874217L;
    { 
        int32_t **l_2032 = &g_1062;
        uint8_t *l_2033 = &g_372;
        uint64_t *l_2060 = &g_441;
        uint16_t *l_2062 = &g_544;
        uint32_t *l_2064 = (void*)0;
        int8_t *l_2089 = (void*)0;
        int32_t *l_2092 = &l_2066;
        (*l_2032) = (void*)0;
        (*p_13) ^= 0x5A33F69CL;
        l_2066 |= (((void*)0 != l_2033) < (l_2065 |= (((((--(***g_659)) | ((((((1L > (safe_mul_func_int8_t_s_s((safe_sub_func_uint8_t_u_u(((safe_div_func_int32_t_s_s((~((*p_13) > ((l_2063 = func_26(((*l_2033) ^= (safe_lshift_func_int8_t_s_u((safe_add_func_int16_t_s_s((safe_div_func_uint64_t_u_u((((*g_1060) = (safe_rshift_func_uint8_t_u_s((+(((*l_2062) = (l_2061[1][0][6] = (5UL == (((*g_674) <= (safe_rshift_func_uint16_t_u_u(0xD696L, (safe_add_func_int32_t_s_s(((+((((*l_2060) ^= (safe_mul_func_uint16_t_u_u((*g_674), 65535UL))) == 1UL) | l_2034)) && (**g_1059)), p_14))))) <= l_2034)))) , (-1L))), l_2034))) || (**g_1870)), (-6L))), p_12)), 3))), p_14, p_14)) == l_2064))), l_2034)) < g_182), 0xD0L)), l_2034))) , 2UL) >= 0xDB413B5066180751LL) , g_258) , p_12) ^ g_149)) | l_2034) < p_14) & p_12)));
        (*l_2092) = (l_2061[2][5][5] == ((safe_lshift_func_uint16_t_u_u((safe_mod_func_int64_t_s_s(((safe_div_func_uint8_t_u_u(((((safe_rshift_func_uint16_t_u_u(((*l_2062) &= (safe_sub_func_uint16_t_u_u((safe_rshift_func_int8_t_s_s((((p_11 || (((safe_sub_func_int32_t_s_s((safe_lshift_func_uint8_t_u_u(((safe_add_func_int16_t_s_s(l_2066, ((**g_1870) == (((*p_13) |= (((**g_461) , 0xC6C0328D31CC8ABFLL) || (((((safe_sub_func_int16_t_s_s((((l_2089 = (void*)0) == &p_12) >= (l_2034 != p_12)), 0x090FL)) < 0xA4DBL) && 0UL) >= 0x0F56L) & 0L))) & l_2034)))) == 0UL), l_2090)), p_14)) < l_2061[1][5][5]) > g_132)) , l_2091) == l_2064), 7)), g_141))), p_11)) && g_575[4][3]) | l_2090) ^ p_14), 0xC2L)) >= p_11), 1UL)), 12)) || 0x36BFF5ACL));
    }
    if ((1UL | (safe_div_func_int64_t_s_s((safe_div_func_int16_t_s_s(((((safe_rshift_func_int16_t_s_s((0x0AFF1BB89187E61FLL < (((safe_lshift_func_int16_t_s_u((((((((((l_2090 <= (safe_lshift_func_uint8_t_u_s((safe_unary_minus_func_uint64_t_u(((*l_2116) &= ((safe_sub_func_int32_t_s_s(l_2034, ((void*)0 != l_2106))) < (safe_mul_func_int16_t_s_s(((0xCE59A838ABF3F742LL < ((safe_sub_func_uint8_t_u_u(255UL, ((*l_2115) = ((((g_2113[0][1] = g_2112) >= p_12) , p_11) & p_14)))) | 0xB5EE850A6FDE0183LL)) | 0xE2CC8D1AC4C48C13LL), p_12)))))), 5))) , 0x63L) , (**l_2106)) == (void*)0) , (-10L)) , 0xDCCBL) , 0x25L) >= 0L) == (*g_204)), (*g_674))) == 0x76353F1BL) > p_14)), 8)) > (*p_13)) , (*g_1060)) > 0xB3A3AE5109D8D454LL), (-5L))), (*g_1060)))))
    { 
        uint16_t **l_2121 = &g_84;
        int32_t l_2147 = 0x8F2F9F54L;
        uint8_t ***l_2156 = (void*)0;
        int64_t l_2173 = 0L;
        int32_t l_2236 = 0x913BD455L;
        for (g_1410 = (-9); (g_1410 <= 26); g_1410 = safe_add_func_uint8_t_u_u(g_1410, 1))
        { 
                continue;
            return l_2173;
        }
    }
    else
    { 
        const int32_t *l_2271[10];
        int32_t l_2285 = 0L;
        int32_t l_2286 = 1L;
        int32_t l_2287 = 0x6323E64FL;
        int32_t l_2288 = 0xACA67D87L;
        int32_t l_2289 = 7L;
        int32_t l_2293 = 5L;
        int32_t l_2294 = 0xE1A05AD1L;
        int32_t l_2295[2];
        int16_t l_2296[6] = {0};
        uint8_t l_2318 = 255UL;
        uint16_t ***l_2336 = (void*)0;
        uint16_t ****l_2335 = &l_2336;
        uint32_t l_2341 = 6UL;
        const int32_t **l_2351[6][4] = {0};
        const int32_t ***l_2350 = &l_2351[5][3];
        const int32_t **** const l_2349 = &l_2350;
        uint32_t l_2561 = 18446744073709551608UL;
        int i, j;
        for (l_2090 = 13; (l_2090 < 24); l_2090++)
        { 
            int32_t *l_2274 = &g_182;
            int32_t *l_2275 = &g_2031;
            int32_t *l_2276 = &g_182;
            int32_t *l_2277 = &l_2061[1][0][6];
            int32_t l_2278 = 1L;
            int32_t *l_2279 = &g_182;
            int32_t *l_2280 = &g_48;
            int32_t *l_2281 = (void*)0;
            int32_t *l_2282 = &l_2066;
            int32_t *l_2283 = &g_2031;
            int32_t *l_2284[7] = {0};
            trace_simple(m42, "l_2293=%d l_2294=%d l_2561=%u", l_2293, l_2294, l_2561); uint64_t l_2297 = 0x3295F021B8255A63LL;
            const uint64_t **l_2317 = (void*)0;
            uint16_t ****l_2337 = &l_2336;
            uint16_t *****l_2338 = &l_2337;
            int32_t ***l_2342 = &g_70;
            int8_t l_2343 = 0L;
            int8_t ** const l_2401 = (void*)0;
            int8_t ** const * const l_2400 = &l_2401;
            volatile uint64_t * volatile *l_2468 = &g_1843;
            int64_t *l_2518[1];
            int16_t *l_2541[6][4] = {0};
            int8_t l_2547[4];
            ++l_2297;
            (*l_2274) = (safe_mul_func_uint16_t_u_u((safe_mul_func_uint8_t_u_u(p_14, ((*l_2279) ^ 1UL))), ((safe_unary_minus_func_uint16_t_u((safe_rshift_func_int16_t_s_s((safe_div_func_int64_t_s_s((*l_2275), (safe_mod_func_uint8_t_u_u((p_11 == (((((**g_1059) = (((safe_rshift_func_int8_t_s_u((p_12 = p_12), p_14)) , (safe_lshift_func_uint16_t_u_s(0xA4CBL, (((l_2317 = l_2315) == &g_1843) || (*l_2282))))) , l_2318)) , (****g_1134)) < (**g_266)) , 0xE9L)), 0x2CL)))), l_2319)))) == 0x6B8E5404L)));
            if (((g_141 = ((l_2286 = (safe_unary_minus_func_uint32_t_u(((safe_div_func_uint32_t_u_u((safe_mul_func_int8_t_s_s(0x4FL, (safe_mod_func_int8_t_s_s((g_667[0] == ((safe_mod_func_uint32_t_u_u((****g_658), (safe_mul_func_int16_t_s_s(p_14, (((((safe_rshift_func_int8_t_s_s((safe_rshift_func_uint16_t_u_s((p_14 & ((((g_575[0][3] &= (l_2335 != ((*l_2338) = l_2337))) , (safe_sub_func_int64_t_s_s((((l_2341 ^ ((((((*l_2107) == l_2342) , 0xD1L) | p_12) && (-7L)) | 0x2579L)) >= l_2343) || (*g_1060)), (**g_1842)))) != p_14) != p_14)), p_12)), g_1216)) && (*g_1565)) > l_2344) || (**g_1870)) , p_11))))) > p_12)), (*g_1362))))), (**g_660))) >= (*g_1060))))) ^ (**g_1059))) , (*p_13)))
            { 
                uint32_t *****l_2345[10] = {0};
                int64_t **l_2353 = &g_1060;
                int32_t l_2360 = 0L;
                int32_t l_2375 = 0x358E9B3BL;
                int8_t l_2392 = (-7L);
                volatile uint64_t * volatile **l_2467 = (void*)0;
                uint32_t l_2469 = 0xEC163990L;
                int i;
                if ((l_2345[4] == (void*)0))
                { 
                    int64_t **l_2352 = &g_1060;
                    for (l_2341 = 0; (l_2341 <= 1); l_2341 += 1)
                    { 
                        int32_t l_2385 = 0L;
                        int32_t l_2386[5][5][7] = {0};
                        int i, j, k;
                        g_2389--;
                    }
                    if (l_2392)
                        break;
                }
                else
                { 
                    int16_t l_2424 = (-8L);
                    for (g_51 = 0; (g_51 >= 43); g_51 = safe_add_func_int32_t_s_s(g_51, 9))
                    { 
                        uint32_t l_2423 = 0x7774EB9EL;
                        int32_t **l_2431 = (void*)0;
                        int32_t **l_2432 = &l_2282;
                        int32_t * const *l_2452 = &l_2279;
                        int32_t * const **l_2451 = &l_2452;
                        int32_t * const ***l_2450 = &l_2451;
                        int32_t * const ****l_2449 = &l_2450;
                        (*****l_2449) = (safe_lshift_func_int8_t_s_u((safe_mod_func_uint16_t_u_u((safe_mul_func_int8_t_s_s(p_14, ((safe_mul_func_uint16_t_u_u((***l_2350), (p_11 >= (safe_mul_func_uint8_t_u_u(((((safe_div_func_int64_t_s_s(((l_2449 != &l_2107) && (((safe_sub_func_int8_t_s_s((((*g_1843) == ((safe_mod_func_uint16_t_u_u((safe_rshift_func_uint16_t_u_s((safe_mul_func_uint8_t_u_u(((safe_sub_func_int8_t_s_s(p_11, (((((***g_659)--) || (((****l_2349) != (l_2392 >= 0x3AL)) >= (****g_1134))) , p_14) > 0x159DL))) && l_2424), 0xBCL)), g_1893[0][7])), g_182)) , l_2392)) && 0x3566L), p_12)) < (*p_13)) , p_11)), p_12)) < p_12) != (*l_2274)) , p_12), 248UL))))) | (-4L)))), l_2424)), l_2392));
                    }
                }
                l_2468 = &g_1843;
                for (g_544 = 0; (g_544 <= 6); g_544 += 1)
                { 
                    uint32_t l_2475[3];
                    int32_t l_2476 = 0x8F031E1EL;
                    trace_simple(m43, "l_2375=%d l_2469=%u", l_2375, l_2469); int i;
                    for (i = 0; i < 3; i++)
                        l_2475[i] = 0xB19E9E80L;
                    l_2469--;
                    if ((+0xA3L))
                    { 
                        return p_12;
                    }
                    else
                    { 
                        l_2476 |= (*p_13);
                    }
                }
            }
            else
            { 
                int8_t *l_2481 = (void*)0;
                uint32_t *****l_2484 = (void*)0;
                uint8_t *** const *l_2504[2];
                int32_t l_2507 = 0L;
                uint16_t *** const *l_2520 = &g_2359;
                trace_simple(m44, ""); uint16_t *** const **l_2519 = &l_2520;
                uint32_t l_2563 = 0x6AA3FB79L;
                int32_t l_2598 = 2L;
                int32_t l_2599 = 0L;
                int32_t *l_2605 = &g_2112;
                int i;
                for (i = 0; i < 2; i++)
                    l_2504[i] = &g_2262;
                for (l_2288 = 0; (l_2288 > (-21)); l_2288 = safe_sub_func_int8_t_s_s(l_2288, 5))
                { 
                    uint32_t l_2505 = 0xCCF709EEL;
                    uint16_t *** const **l_2521 = &l_2520;
                    uint16_t **l_2552 = &g_84;
                    for (l_2286 = 3; (l_2286 >= 0); l_2286 -= 1)
                    { 
                        uint32_t *****l_2485 = &g_658;
                        int16_t *l_2488 = &l_2344;
                        uint8_t ****l_2503[9] = {0};
                        int32_t l_2506 = 0x10954E60L;
                        uint32_t *l_2509[7][4] = {0};
                    }
                    if (((l_2507 , (&l_2344 != l_2541[4][0])) , (*g_2270)))
                    { 
                        uint64_t l_2560 = 9UL;
                        int32_t l_2562 = 8L;
                        trace_simple(m45, "l_2598=%d l_2505=%u l_2560=%lu", l_2598, l_2505, l_2560); (*l_2279) &= ((safe_sub_func_int8_t_s_s((safe_unary_minus_func_uint16_t_u(p_14)), ((safe_sub_func_int32_t_s_s((l_2547[2] & ((((((safe_add_func_uint64_t_u_u((((safe_mod_func_int64_t_s_s(0xD44BA1F4E99C68EDLL, (((void*)0 == l_2552) , (safe_rshift_func_uint16_t_u_u((safe_add_func_uint64_t_u_u((p_11 > 0xDE51L), (0x99L & (((~(safe_mod_func_int32_t_s_s(((l_2560 , (**g_266)) <= p_14), (*p_13)))) & p_12) != l_2507)))), l_2561))))) <= 18446744073709551615UL) , p_11), (**g_1059))) < g_51) , (*l_2350)) != (void*)0) , 0x86EDL) , 6UL)), 0x9F7D9BCDL)) <= g_1236))) || p_12);
                        l_2563--;
                    }
                    else
                    { 
                        int32_t l_2574[1];
                        uint16_t **l_2581 = &g_84;
                        int8_t *l_2596 = &g_335;
                        uint32_t l_2600[8][7];
                        int i, j;
                        for (i = 0; i < 1; i++)
                            l_2574[i] = (-7L);
                        (*p_13) ^= ((0L && ((safe_sub_func_uint16_t_u_u((**g_673), ((safe_sub_func_int8_t_s_s(((((safe_sub_func_int64_t_s_s((safe_add_func_uint64_t_u_u(l_2574[0], (*g_1843))), (*g_1060))) >= ((((safe_mod_func_int8_t_s_s(((*l_2596) = ((++(*l_2115)) >= (((l_2581 == l_2581) > ((*l_2116) |= (safe_add_func_uint32_t_u_u((safe_lshift_func_int16_t_s_s((safe_div_func_int32_t_s_s(((((*l_2279) |= (safe_sub_func_int8_t_s_s((((safe_lshift_func_uint8_t_u_u(((safe_sub_func_int64_t_s_s((((g_2594 = (void*)0) != (void*)0) != g_51), (-1L))) || p_11), l_2505)) , (-1L)) && p_14), (*g_462)))) && p_14) & 1L), l_2563)), p_11)), l_2574[0])))) != (*l_2282)))), p_14)) , p_14) ^ l_2505) & (*l_2280))) , l_2597) ^ (*g_1069)), 0x64L)) < g_667[0]))) > g_2122[0][3][4])) <= p_11);
                        --l_2600[2][1];
                        (*p_13) = ((*l_2274) = (*l_2275));
                    }
                }
                (*p_13) ^= (((*l_2605) = (safe_sub_func_int8_t_s_s(g_482, l_2563))) , ((*l_2276) &= 0x070ADE21L));
                (*l_2279) = 0x367F5ED9L;
            }
        }
    }
    return p_11;
}
static int64_t  func_16(uint64_t  p_17)
{ 
    trace_simple(m46, ""); int8_t *l_1666 = &g_1216;
    int8_t * const *l_1665[6] = {0};
    trace_simple(m47, "p_17=%lu", p_17); int8_t * const **l_1667 = &l_1665[0];
    int32_t l_1674 = 0x37A60C49L;
    trace_simple(m48, "p_17=%lu", p_17); uint16_t *l_1684 = &g_544;
    int32_t l_1685 = 0L;
    int32_t l_1686 = (-7L);
    int32_t *l_1687[8][10][3] = {0};
    int32_t ***l_1747[1][8];
    int32_t ****l_1746 = &l_1747[0][4];
    uint32_t **** const l_1773[4][8][2] = {0};
    { 
        int32_t *l_1698 = (void*)0;
        int32_t l_1703 = 0L;
        int32_t l_1709 = 0xB71B4E65L;
        int32_t l_1720 = (-6L);
        int64_t l_1722 = 0x09FFAA137CEB2DD4LL;
        int32_t l_1726[4][1][3] = {0};
        uint64_t l_1729 = 0xE6497C1C10FC832CLL;
        int8_t **l_1744 = &l_1666;
        int8_t ***l_1743 = &l_1744;
        int8_t ****l_1742 = &l_1743;
        int32_t ***l_1745 = (void*)0;
        uint16_t * const **l_1777 = (void*)0;
        int32_t *l_1792 = &l_1686;
        uint32_t l_1808 = 0x50D050C4L;
        uint32_t l_2021 = 0x7D7C7807L;
        int i, j, k;
        for (g_372 = 12; (g_372 <= 60); ++g_372)
        { 
            uint64_t l_1700 = 18446744073709551609UL;
            uint8_t *l_1860 = &g_132;
            int i, j;
            (*g_1692) = &l_1685;
            for (g_482 = 6; (g_482 == 11); g_482 = safe_add_func_uint32_t_u_u(g_482, 1))
            { 
                int8_t l_1695 = 6L;
                int64_t l_1699 = 0L;
                int32_t l_1706 = 0x3D25DFB7L;
                int32_t l_1708 = (-9L);
                int32_t l_1717 = 2L;
                    break;
                if (l_1695)
                    break;
            }
        }
        l_1792 = (*g_1500);
    }
    return p_17;
}
static uint8_t  func_21(const int32_t * const  p_22, int32_t * p_23, int32_t * p_24)
{ 
    trace_simple(m50, ""); const uint32_t l_38 = 4294967295UL;
    int32_t *l_40 = &g_2;
    int32_t l_1326 = 0xEF4D46E1L;
    int32_t ***l_1332 = &g_70;
    int16_t *l_1333 = &g_1268[0];
    const uint16_t l_1351 = 65533UL;
    int32_t l_1387 = 0x30ABE2D1L;
    int32_t l_1425 = 2L;
    trace_simple(m51, "l_38=%u l_1326=%d", l_38, l_1326); int32_t l_1428[3];
    uint8_t *l_1436 = &g_88;
    uint32_t l_1477 = 0xD63828ABL;
    trace_simple(m52, "l_1326=%d l_1425=%d", l_1326, l_1425); uint32_t l_1479 = 0x4A7BA192L;
    trace_simple(m53, "l_1387=%d l_1425=%d", l_1387, l_1425); uint16_t l_1484 = 4UL;
    uint16_t **l_1544 = &g_84;
    uint16_t ***l_1543 = &l_1544;
    uint16_t ****l_1542 = &l_1543;
    int64_t l_1568[10] = {1L,1L,1L,1L,1L,1L,1L,1L,1L,1L};
    uint32_t **l_1603[2][4][1] = {0};
    trace_simple(m54, "l_1387=%d l_1477=%u", l_1387, l_1477); uint8_t **l_1629[6];
    if ((safe_rshift_func_int16_t_s_u((safe_sub_func_uint8_t_u_u((l_38 ^ ((*p_24) ^ ((+((((void*)0 != l_40) || ((~(safe_unary_minus_func_uint32_t_u(((safe_mul_func_uint8_t_u_u((((g_2 , func_26(func_45((*l_40)), ((*l_1333) = (l_1326 , ((safe_lshift_func_int8_t_s_s(((~(safe_sub_func_uint8_t_u_u(((l_1332 != &g_70) < 0xCB53L), (*l_40)))) , 0x78L), 1)) , (*l_40)))), g_2)) != p_24) > g_1216), 0x27L)) , (*l_40))))) >= 0x27BFL)) != 6UL)) <= (*l_40)))), g_149)), (*l_40))))
    { 
        const int32_t l_1339 = 0xDC423276L;
        uint32_t l_1346 = 0xEAD3CB74L;
        uint64_t *l_1352 = &g_441;
        const uint8_t ****l_1365 = (void*)0;
        int32_t l_1375 = 0x8B770B60L;
        int32_t l_1388 = 0L;
        int32_t l_1416 = 0x50CDB01FL;
        int32_t l_1421 = (-1L);
        int32_t l_1426 = 0x4E354DE4L;
        uint64_t l_1441 = 0x173ED3EF0C24B5D8LL;
        int8_t *l_1491 = &g_1216;
        int8_t **l_1490[9];
        int i;
        trace_simple(m55, "l_1375=%d l_1416=%d", l_1375, l_1416); for (i = 0; i < 9; i++)
            l_1490[i] = &l_1491;
        for (g_182 = 0; (g_182 >= 13); g_182++)
        { 
            int64_t l_1338[6] = {0};
            if (l_1339)
                break;
        }
        if ((((safe_sub_func_uint32_t_u_u((0xE8440C47L & (((*l_40) , (safe_lshift_func_uint8_t_u_u((safe_lshift_func_int16_t_s_u(l_1346, 6)), 6))) , l_1346)), ((****g_1134) = (safe_rshift_func_int8_t_s_s((safe_lshift_func_int16_t_s_u((((l_1346 >= (((*l_1352) = (7UL != l_1351)) && 18446744073709551615UL)) < (l_1346 , l_1346)) | (*p_23)), 6)), 1))))) != (*l_40)) || 0xDFL))
        { 
            trace_simple(m56, "l_1416=%d l_1421=%d l_1426=%d", l_1416, l_1421, l_1426); const uint8_t *****l_1363 = (void*)0;
            const uint8_t *****l_1364[5] = {0};
            uint32_t * const *l_1373 = &g_661;
            uint32_t * const **l_1372 = &l_1373;
            uint32_t * const ***l_1371 = &l_1372;
            uint32_t * const ****l_1370 = &l_1371;
            trace_simple(m57, "l_1421=%d", l_1421); int32_t l_1374 = 0xD107D608L;
            int i;
            trace_simple(m58, "l_1416=%d", l_1416); l_40 = func_26(((g_463 < (9L >= (safe_rshift_func_int16_t_s_s((((safe_rshift_func_int16_t_s_s(((safe_add_func_uint16_t_u_u(((l_1365 = g_1359[5]) == &g_460), (safe_add_func_uint16_t_u_u((((safe_mod_func_uint32_t_u_u(((-1L) | (-1L)), 0xAC21205DL)) && (((l_1370 == (void*)0) | g_1268[2]) & (*g_257))) ^ 0x61L), g_335)))) <= 249UL), l_1374)) , l_1375) , (-9L)), g_405[1])))) != (*g_1362)), (*l_40), g_182);
        }
        else
        { 
            const int32_t l_1384 = 0xAFB9FBC6L;
            uint8_t l_1393 = 248UL;
            int32_t l_1413 = 0xF57353E8L;
            int32_t l_1415 = (-4L);
            int32_t l_1419 = 0x1733E9E9L;
            int32_t l_1420 = 0xC8FD542FL;
            int32_t l_1422 = (-4L);
            uint32_t l_1476[2];
            for (g_88 = 0; (g_88 <= 1); g_88 += 1)
            { 
                int64_t l_1383[5][7][7] = {0};
                int32_t l_1414[4][5][8] = {0};
                uint8_t *l_1437 = &g_132;
                int32_t * const l_1440 = &l_1375;
                uint8_t l_1478 = 1UL;
                trace_simple(m59, "l_1419=%d l_1420=%d l_1478=%u", l_1419, l_1420, l_1478); int32_t *l_1499 = &l_1428[0];
                int i, j, k;
                for (g_103 = 0; (g_103 <= 1); g_103 += 1)
                { 
                    uint8_t *l_1385 = &g_372;
                    int32_t l_1386 = 0xF656E390L;
                    int32_t l_1417 = 0L;
                    int32_t l_1418 = 3L;
                    int32_t l_1423 = 0L;
                    int32_t l_1424 = 0xB0CA0914L;
                    int i, j;
                    for (g_372 = 0; (g_372 <= 1); g_372 += 1)
                    { 
                        int64_t l_1435[10] = {0};
                        int32_t *l_1442 = &l_1414[3][2][5];
                        int8_t *l_1447 = &g_1216;
                        int32_t l_1480 = 0xB18BE720L;
                        int32_t *l_1481 = &l_1326;
                        int32_t *l_1482 = &g_48;
                        int32_t *l_1483[8] = {0};
                    }
                }
            }
        }
        (*g_1500) = p_23;
    }
    else
    { 
        int64_t l_1521 = 1L;
        int32_t *l_1541 = &g_575[4][3];
        uint16_t ****l_1545[9][9] = {0};
        int32_t l_1546 = 0xE7A49DCEL;
        uint32_t l_1547[5] = {5UL,5UL,5UL,5UL,5UL};
        const int16_t l_1548 = 0xFC7FL;
        int32_t l_1549 = 0xE3CB6C89L;
        int32_t l_1550 = 0xF2320BD5L;
        int32_t l_1559 = 0x6BC47625L;
        int32_t l_1560 = 8L;
        int32_t l_1561[10];
        uint64_t l_1562 = 7UL;
        int i, j;
        for (i = 0; i < 10; i++)
            l_1561[i] = (-1L);
        if ((safe_sub_func_int8_t_s_s((+(((((safe_div_func_int16_t_s_s(g_1236, ((safe_lshift_func_uint16_t_u_u((safe_mul_func_int8_t_s_s((safe_unary_minus_func_int16_t_s((((l_1550 = (l_1549 = (safe_mul_func_int8_t_s_s((((((safe_sub_func_int16_t_s_s(((safe_lshift_func_int8_t_s_u((safe_div_func_int64_t_s_s(((safe_div_func_uint16_t_u_u(0x0496L, (g_989 = l_1521))) , (((safe_lshift_func_uint16_t_u_u((((((safe_mul_func_int16_t_s_s(g_1268[6], ((safe_mul_func_int8_t_s_s(0L, (safe_div_func_int32_t_s_s(((****g_1134) != ((safe_add_func_int16_t_s_s(((*l_40) ^ (((((l_1546 = ((((*l_1541) |= (+(safe_mul_func_uint8_t_u_u(l_1521, (safe_lshift_func_int8_t_s_s((safe_mul_func_uint16_t_u_u(((safe_rshift_func_int16_t_s_s(l_1521, 8)) , (**g_673)), l_1521)), 2)))))) , l_1542) == l_1545[1][6])) || 0xBC40F559L) ^ g_441) >= l_1521) ^ l_1521)), l_1521)) && l_1546)), 0x75208654L)))) <= 8L))) || (*g_1060)) > 65530UL) > g_544) || l_1547[3]), (*l_40))) == (*p_23)) != 0x3DF4842DL)), 0x43BBD658EE08B07ELL)), (*l_40))) <= 6L), 0xA316L)) , (*p_23)) , 18446744073709551615UL) >= 0x54799BD4B206EF5BLL) || l_1548), l_1521)))) && 1UL) > l_1547[0]))), 0x6FL)), 9)) && g_48))) || l_1547[3]) <= l_1548) != l_1521) < 0x93L)), l_1521)))
        { 
            return l_1550;
        }
        else
        { 
            int32_t *l_1558[2];
            --l_1562;
        }
    }
    (*g_1565) |= (*l_40);
    if ((*p_22))
    { 
        int16_t l_1570 = 0x4664L;
        int16_t l_1582 = 0L;
        uint16_t ****l_1589 = (void*)0;
        int32_t l_1590[5][1] = {0};
        int32_t l_1604 = 5L;
        int32_t l_1607 = (-4L);
        int32_t l_1608[10][10][2] = {0};
        int8_t *l_1619 = &g_1216;
        int8_t **l_1622 = (void*)0;
        int8_t **l_1623 = (void*)0;
        int8_t *l_1625 = (void*)0;
        int8_t **l_1624 = &l_1625;
        int i, j, k;
        for (g_198 = 0; g_198 < 3; g_198 += 1)
        {
            l_1428[g_198] = (-2L);
        }
        (*l_40) = (((safe_lshift_func_uint16_t_u_s(l_1568[7], (~(*g_1565)))) , l_1570) , (~(((((safe_add_func_uint64_t_u_u(l_1570, (safe_sub_func_int16_t_s_s((safe_rshift_func_uint8_t_u_s((safe_mod_func_uint64_t_u_u(((*g_1060) < (((safe_div_func_int64_t_s_s((((0UL ^ (*l_40)) && (*g_1060)) & ((l_1570 && 0L) || l_1582)), (**g_1059))) | l_1570) != l_1582)), 1UL)), 7)), l_1570)))) , l_1582) >= (*l_40)) > l_1582) ^ 1L)));
        if ((l_1590[3][0] = ((*p_23) = (((((*l_40) & ((safe_mul_func_int8_t_s_s(((((((l_1570 && 1UL) < ((~(safe_mul_func_uint8_t_u_u((safe_unary_minus_func_int64_t_s(0x448AFCAF241BCD65LL)), 255UL))) > 65530UL)) == (((*g_661) , l_1589) != l_1589)) , l_1582) != l_1582) != (*l_40)), (*l_40))) & (-1L))) < l_1570) >= 0x0D68L) ^ 0x4BD1L))))
        { 
            int32_t l_1598 = 0x55027379L;
            int32_t *l_1605 = (void*)0;
            int32_t *l_1606[6];
            uint16_t l_1609[8][10] = {0};
        }
        (*p_24) = (safe_mod_func_uint8_t_u_u((~(safe_lshift_func_int8_t_s_s(l_1608[6][6][0], 5))), (((safe_add_func_uint64_t_u_u(1UL, ((g_198 , (((*l_40) != (((*l_40) != ((*l_1619) &= l_1604)) >= (*l_40))) <= (safe_rshift_func_uint16_t_u_s((((*l_1624) = l_1619) == (void*)0), (*l_40))))) | 0x7FDC8ECE4E0C7460LL))) ^ (*l_40)) && l_1608[6][6][0])));
    }
    else
    { 
        const uint8_t **l_1626 = &g_1362;
        uint8_t **l_1628 = &l_1436;
        uint8_t ***l_1627[6][8][5] = {0};
        trace_simple(m61, ""); int32_t l_1630 = (-4L);
        uint16_t *l_1637[7] = {0};
        int32_t l_1638 = (-1L);
        int32_t l_1649 = 2L;
        int64_t *l_1650 = (void*)0;
        int64_t *l_1651 = &g_1410;
        int i, j, k;
        uint16_t ***l_1652 = &l_1544;
        (*p_23) = (((*l_1542) = l_1652) == l_1652);
    }
    return (*l_40);
}
static int32_t * func_26(uint8_t  p_27, const int16_t  p_28, uint32_t  p_29)
{ 
    trace_simple(m62, "p_27=%u p_28=%d p_29=%u", p_27, p_28, p_29); int32_t *l_33 = &g_2;
    return l_33;
}
int main (int argc, char* argv[])
{
    trace_simple(m72, "argc=%d", argc); int i, j, k;
    int print_hash_value = 0;
    if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    platform_main_begin();
    crc32_gentab();
    func_1();
    trace_simple(m73, "print_hash_value=%d", print_hash_value); transparent_crc(g_48, "g_48", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 2; j++)
        {
        }
    }
    trace_simple(m98, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_3670, "g_3670", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    trace_simple(m99, "argc=%d print_hash_value=%d", argc, print_hash_value); return 0;
}
