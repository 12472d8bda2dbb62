/* Markers inserted by bench/campaign/gen.py */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 380639000 --no-jumps -o /var/tmp/cs8484/p380639000/prog.c
 * Seed:      380639000
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static volatile int32_t g_2 = 0x477862FDL;/* VOLATILE GLOBAL g_2 */
static int32_t g_3 = 1L;
static int32_t g_6 = (-5L);
static int32_t g_11 = (-1L);
static uint8_t g_54 = 247UL;
static uint32_t g_56[2] = {0xEF9F3B06L,0xEF9F3B06L};
static volatile uint32_t g_58 = 0x02BE2FF5L;/* VOLATILE GLOBAL g_58 */
static volatile uint32_t * volatile g_57 = &g_58;/* VOLATILE GLOBAL g_57 */
static int32_t g_65 = 0x997EC53AL;
static uint64_t g_67 = 18446744073709551615UL;
static volatile int32_t * volatile * volatile g_137 = (void*)0;/* VOLATILE GLOBAL g_137 */
static int32_t *g_139 = &g_65;
static int8_t g_150 = (-10L);
static uint16_t g_173[3] = {0UL,0UL,0UL};
static int64_t g_175 = 1L;
static uint32_t g_176[3][1] = {{0UL},{0UL},{0UL}};
static uint8_t g_269 = 4UL;
static int16_t g_327 = 2L;
static int16_t *g_326 = &g_327;
static uint8_t g_386 = 255UL;
static int8_t *g_391 = &g_150;
static int8_t g_417 = 0L;
static volatile int8_t g_419 = 0xA1L;/* VOLATILE GLOBAL g_419 */
static volatile uint32_t g_420 = 0xD17459A9L;/* VOLATILE GLOBAL g_420 */
static uint8_t g_424[6][2] = {{0x3CL,5UL},{0x3CL,0x3CL},{5UL,0x3CL},{0x3CL,5UL},{0x3CL,0x3CL},{5UL,0x3CL}};
static int32_t ** volatile g_430[9] = {&g_139,&g_139,&g_139,&g_139,&g_139,&g_139,&g_139,&g_139,&g_139};
static uint32_t g_514 = 18446744073709551615UL;
static volatile int32_t * volatile g_546 = &g_2;/* VOLATILE GLOBAL g_546 */
static volatile int32_t * volatile * volatile g_547 = &g_546;/* VOLATILE GLOBAL g_547 */
static int8_t g_574 = 0x7DL;
static int32_t ** volatile g_627 = &g_139;/* VOLATILE GLOBAL g_627 */
static int32_t ** volatile g_633[1] = {&g_139};
static const int32_t **g_640[7][6][6] = {{{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0}},{{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0}},{{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0}},{{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0}},{{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0}},{{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0}},{{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0}}};
static const int16_t g_701 = 6L;
static int8_t **g_709[9] = {&g_391,&g_391,&g_391,&g_391,&g_391,&g_391,&g_391,&g_391,&g_391};
static int8_t **g_711 = &g_391;
static int16_t **g_753 = &g_326;
static int16_t *** volatile g_752 = &g_753;/* VOLATILE GLOBAL g_752 */
static const int8_t g_771 = 0xFBL;
static const int8_t g_773 = (-1L);
static const int8_t *g_772 = &g_773;
static uint64_t g_783 = 0x57A3F44712C01416LL;
static const int32_t g_786 = 2L;
static int32_t g_828 = (-1L);
static int32_t g_839[3] = {0xA93C7FC0L,0xA93C7FC0L,0xA93C7FC0L};
static int32_t * const  volatile g_862 = &g_3;/* VOLATILE GLOBAL g_862 */
static int32_t g_894 = 0xAF392DAFL;
static int32_t * const g_893 = &g_894;
static int32_t * const *g_892 = &g_893;
static int32_t * const **g_891[9] = {&g_892,&g_892,&g_892,&g_892,&g_892,&g_892,&g_892,&g_892,&g_892};
static int32_t ** volatile g_944[10] = {&g_139,&g_139,&g_139,&g_139,&g_139,&g_139,&g_139,&g_139,&g_139,&g_139};
static int32_t ** volatile g_984 = (void*)0;/* VOLATILE GLOBAL g_984 */
static int32_t ** volatile g_985 = &g_139;/* VOLATILE GLOBAL g_985 */
static int32_t *g_1016 = &g_839[1];
static int32_t * const *g_1015 = &g_1016;
static int32_t * const **g_1014 = &g_1015;
static volatile uint64_t * volatile * volatile g_1089 = (void*)0;/* VOLATILE GLOBAL g_1089 */
static int32_t ** volatile g_1112 = &g_139;/* VOLATILE GLOBAL g_1112 */
static int16_t g_1145 = 0xEAC2L;
static int32_t ** const  volatile g_1230[5] = {&g_139,&g_139,&g_139,&g_139,&g_139};
static volatile uint32_t g_1241[2] = {0UL,0UL};
static int32_t **g_1278 = &g_1016;
static int32_t **g_1279[7] = {(void*)0,&g_1016,&g_1016,(void*)0,&g_1016,&g_1016,(void*)0};
static int32_t **g_1280 = &g_1016;
static int64_t g_1281[9][3][1] = {{{(-1L)},{7L},{0x8819972F5E7A01EALL}},{{7L},{(-1L)},{7L}},{{0x8819972F5E7A01EALL},{7L},{(-1L)}},{{7L},{0x8819972F5E7A01EALL},{7L}},{{(-1L)},{7L},{0x8819972F5E7A01EALL}},{{7L},{(-1L)},{7L}},{{0x8819972F5E7A01EALL},{7L},{(-1L)}},{{7L},{0x8819972F5E7A01EALL},{7L}},{{(-1L)},{7L},{0x8819972F5E7A01EALL}}};
static uint32_t g_1284 = 0xF82CCED0L;
static int32_t *g_1290 = &g_3;
static int32_t ** volatile g_1289 = &g_1290;/* VOLATILE GLOBAL g_1289 */
static const volatile int32_t ** const  volatile g_1318 = (void*)0;/* VOLATILE GLOBAL g_1318 */
static const volatile int32_t ** const  volatile *g_1317 = &g_1318;
static const volatile int32_t ** const  volatile ** volatile g_1316 = &g_1317;/* VOLATILE GLOBAL g_1316 */
static const volatile int32_t ** const  volatile ** volatile *g_1315 = &g_1316;
static uint64_t g_1325[7][3][2] = {{{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL},{0x596024CCDF086DA4LL,1UL},{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL}},{{0x596024CCDF086DA4LL,1UL},{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL},{0x596024CCDF086DA4LL,1UL}},{{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL},{0x596024CCDF086DA4LL,1UL},{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL}},{{0x596024CCDF086DA4LL,1UL},{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL},{0x596024CCDF086DA4LL,1UL}},{{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL},{0x596024CCDF086DA4LL,1UL},{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL}},{{0x596024CCDF086DA4LL,1UL},{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL},{0x596024CCDF086DA4LL,1UL}},{{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL},{0x596024CCDF086DA4LL,1UL},{0x596024CCDF086DA4LL,0x596024CCDF086DA4LL}}};
static int32_t g_1389 = 0L;
static const int32_t ***g_1475 = &g_640[6][1][4];
static const int32_t ****g_1474 = &g_1475;
static const int32_t *****g_1473[2] = {&g_1474,&g_1474};


/* --- FORWARD DECLARATIONS --- */
static int32_t  func_1(void);
static int32_t  func_14(int32_t * p_15, uint32_t  p_16, int32_t * p_17, int32_t * p_18);
static uint16_t  func_20(int8_t  p_21, int32_t * p_22, int32_t  p_23, uint16_t  p_24);
static int16_t  func_25(uint8_t  p_26, int8_t  p_27);
static int64_t  func_32(int32_t * p_33, int32_t * p_34);
static int32_t * func_35(uint8_t  p_36, int32_t * p_37);
static int8_t  func_40(const int16_t  p_41, const int32_t * p_42);
static uint16_t  func_45(int16_t  p_46, int32_t * p_47, uint32_t  p_48, uint32_t  p_49);
static int16_t  func_77(const uint32_t  p_78, uint32_t  p_79, const uint16_t  p_80);
static uint32_t  func_81(uint32_t * p_82, int32_t  p_83);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_3 g_6 g_11 g_893 g_894
 * writes: g_3 g_6 g_11
 */
static int32_t  func_1(void)
{ /* block id: 0 */
    uint16_t l_70 = 0x05D0L;
    trace_simple(m0, "l_70=%u", l_70); uint16_t l_952[3][4] = {{0xA958L,0x4C8BL,0xA958L,0xDBA8L},{0xA958L,0xDBA8L,0xDBA8L,0xA958L},{0x7967L,0xDBA8L,0x2A23L,0xDBA8L}};
    trace_simple(m1, "l_70=%u", l_70); int32_t *l_1111 = &g_11;
    trace_simple(m2, "l_70=%u", l_70); int16_t ***l_1239[7][5] = {{&g_753,&g_753,&g_753,&g_753,&g_753},{&g_753,(void*)0,&g_753,(void*)0,&g_753},{&g_753,&g_753,&g_753,&g_753,&g_753},{&g_753,(void*)0,&g_753,(void*)0,&g_753},{&g_753,&g_753,&g_753,&g_753,&g_753},{&g_753,(void*)0,&g_753,(void*)0,&g_753},{&g_753,&g_753,&g_753,&g_753,&g_753}};
    trace_simple(m3, "l_70=%u", l_70); int32_t *l_1288 = &g_11;
    trace_simple(m4, "l_70=%u", l_70); int32_t **l_1338[7][3] = {{&l_1111,&l_1111,(void*)0},{&g_139,&g_139,(void*)0},{&l_1111,&l_1111,(void*)0},{&g_139,&g_139,(void*)0},{&l_1111,&l_1111,(void*)0},{&g_139,&g_139,(void*)0},{&l_1111,&l_1111,(void*)0}};
    trace_simple(m5, "l_70=%u", l_70); int32_t ***l_1337 = &l_1338[1][1];
    trace_simple(m6, "l_70=%u", l_70); int32_t **l_1356 = &g_1016;
    trace_simple(m7, "l_70=%u", l_70); int64_t l_1363 = 9L;
    trace_simple(m8, ""); int32_t l_1367[9];
    trace_simple(m9, "l_70=%u l_1363=%ld", l_70, l_1363); uint16_t * const l_1432 = (void*)0;
    trace_simple(m10, "l_70=%u l_1363=%ld", l_70, l_1363); int8_t * const l_1435[2][7] = {{&g_150,&g_150,&g_150,&g_150,&g_150,&g_150,&g_150},{&g_150,&g_150,&g_150,&g_150,&g_150,&g_150,&g_150}};
    uint32_t l_1436 = 18446744073709551615UL;
    trace_simple(m11, "l_70=%u l_1363=%ld l_1436=%u", l_70, l_1363, l_1436); int32_t l_1466[9][7][2] = {{{1L,3L},{(-1L),0x6D800079L},{1L,(-2L)},{(-1L),0x91F9C0FEL},{3L,0xB3700934L},{0L,0x60B9D0C3L},{0x6D800079L,(-1L)}},{{0x4801BBFAL,0L},{5L,5L},{0x580D8FCBL,0x59231C02L},{0x91F9C0FEL,0xB737AC1DL},{0L,0xB586BFDEL},{(-2L),0L},{0x4FC0B3A9L,0xA949A9F5L}},{{0x4FC0B3A9L,0L},{(-2L),0xB586BFDEL},{0L,0xB737AC1DL},{0x91F9C0FEL,0x59231C02L},{0x580D8FCBL,5L},{5L,0L},{0x4801BBFAL,(-1L)}},{{0x6D800079L,0x60B9D0C3L},{0L,0xB3700934L},{3L,0x91F9C0FEL},{(-1L),(-2L)},{1L,0x6D800079L},{(-1L),3L},{1L,(-3L)}},{{0xB3700934L,8L},{(-1L),8L},{0xB3700934L,(-3L)},{1L,3L},{(-1L),0x6D800079L},{1L,(-2L)},{(-1L),0x91F9C0FEL}},{{3L,0xB3700934L},{0L,0x60B9D0C3L},{0x6D800079L,(-1L)},{0x4801BBFAL,0L},{5L,5L},{0x580D8FCBL,0x59231C02L},{0x91F9C0FEL,0xB737AC1DL}},{{0L,0xB586BFDEL},{(-2L),0L},{0x4FC0B3A9L,0xA949A9F5L},{0x4FC0B3A9L,0L},{(-2L),0xB586BFDEL},{0L,0xB737AC1DL},{0x91F9C0FEL,0x59231C02L}},{{0x580D8FCBL,5L},{5L,0L},{0x4801BBFAL,(-1L)},{0x6D800079L,0x60B9D0C3L},{0L,0xB3700934L},{3L,0x91F9C0FEL},{(-1L),(-2L)}},{{1L,0x6D800079L},{(-1L),3L},{1L,(-3L)},{0xB3700934L,8L},{(-1L),8L},{0xB3700934L,(-3L)},{1L,3L}}};
    uint16_t l_1476 = 0UL;
    trace_simple(m12, "l_1436=%u l_1476=%u", l_1436, l_1476); int i, j, k;
    trace_simple(m13, "l_1363=%ld", l_1363); for (i = 0; i < 9; i++)
        l_1367[i] = 9L;
    for (g_3 = 0; (g_3 >= 12); g_3 = safe_add_func_uint32_t_u_u(g_3, 1))
    { /* block id: 3 */
        for (g_6 = 28; (g_6 > (-9)); g_6--)
        { /* block id: 6 */
            int64_t l_9 = (-1L);
            int32_t *l_10 = &g_11;
            (*l_10) &= l_9;
        }
    }
    trace_simple(m14, "l_70=%u l_1363=%ld", l_70, l_1363); for (g_11 = 0; (g_11 <= (-1)); g_11--)
    { /* block id: 12 */
        int32_t *l_19 = &g_6;
        uint32_t *l_55 = &g_56[1];
        uint64_t *l_66 = &g_67;
        const int32_t *l_434 = &g_11;
        int32_t l_815 = 0x3E011541L;
        int16_t *l_951 = &g_327;
        uint8_t l_1110 = 247UL;
        int32_t ***l_1235 = (void*)0;
        int32_t ****l_1234 = &l_1235;
        const int32_t l_1311 = 0x690A5BFDL;
        int32_t **l_1334 = (void*)0;
        int32_t ***l_1333 = &l_1334;
        uint8_t l_1395 = 0xDAL;
        int8_t l_1429 = 0x8CL;
        uint32_t l_1456 = 0x5A956886L;
        int32_t *l_1459 = &g_1389;
        int32_t l_1462 = (-9L);
        int32_t l_1464[1];
        int32_t l_1468 = 1L;
        const int32_t *****l_1472 = (void*)0;
        int i;
        for (i = 0; i < 1; i++)
            l_1464[i] = 0x7E258402L;
    }
    trace_simple(m15, "l_70=%u l_1436=%u l_1476=%u", l_70, l_1436, l_1476); ++l_1476;
    trace_simple(m16, "l_1363=%ld l_1436=%u l_1476=%u", l_1363, l_1436, l_1476); return (*g_893);
}


/* ------------------------------------------ */
/* 
 * reads : g_1112 g_150 g_175 g_57 g_58 g_6 g_771 g_893 g_894 g_139 g_327 g_65 g_701 g_54 g_1145 g_269 g_386 g_514 g_752 g_753 g_326 g_11 g_783 g_892 g_1014 g_3 g_711 g_391 g_417
 * writes: g_139 g_175 g_6 g_894 g_327 g_1145 g_56 g_150 g_269 g_386 g_514 g_65 g_1015 g_3
 */
static int32_t  func_14(int32_t * p_15, uint32_t  p_16, int32_t * p_17, int32_t * p_18)
{ /* block id: 523 */
    uint32_t l_1118 = 0UL;
    int64_t *l_1119 = &g_175;
    int32_t *l_1121 = &g_6;
    int32_t **l_1164 = &g_1016;
    int32_t ***l_1163[8][10] = {{&l_1164,(void*)0,&l_1164,&l_1164,&l_1164,(void*)0,&l_1164,&l_1164,(void*)0,&l_1164},{(void*)0,&l_1164,&l_1164,&l_1164,&l_1164,(void*)0,&l_1164,&l_1164,&l_1164,&l_1164},{&l_1164,&l_1164,(void*)0,&l_1164,&l_1164,(void*)0,&l_1164,&l_1164,&l_1164,(void*)0},{(void*)0,&l_1164,&l_1164,&l_1164,(void*)0,(void*)0,(void*)0,(void*)0,&l_1164,&l_1164},{&l_1164,&l_1164,&l_1164,(void*)0,(void*)0,(void*)0,&l_1164,&l_1164,&l_1164,&l_1164},{&l_1164,(void*)0,(void*)0,(void*)0,(void*)0,&l_1164,&l_1164,&l_1164,(void*)0,(void*)0},{&l_1164,&l_1164,&l_1164,(void*)0,&l_1164,&l_1164,(void*)0,&l_1164,&l_1164,&l_1164},{&l_1164,&l_1164,&l_1164,(void*)0,&l_1164,&l_1164,&l_1164,&l_1164,&l_1164,&l_1164}};
    int32_t ****l_1162 = &l_1163[1][6];
    uint16_t *l_1170 = &g_173[2];
    int16_t **l_1178 = &g_326;
    uint8_t *l_1181 = (void*)0;
    uint8_t l_1226[2][3] = {{0xE1L,0xE1L,0xE1L},{0x20L,0x20L,0x20L}};
    int i, j;
    (*g_1112) = p_18;
    if (((*p_18) = (safe_mod_func_int64_t_s_s(((*l_1119) ^= (safe_mod_func_uint16_t_u_u(((g_150 != (+((void*)0 == &g_752))) ^ l_1118), l_1118))), p_16))))
    { /* block id: 527 */
        int32_t * const l_1120 = &g_6;
        int8_t *l_1137 = &g_150;
        const int32_t **l_1161 = (void*)0;
        const int32_t ***l_1160 = &l_1161;
        const int32_t ****l_1159 = &l_1160;
        l_1121 = l_1120;
        (*g_893) ^= (safe_sub_func_int16_t_s_s((p_16 == p_16), (((safe_mul_func_uint8_t_u_u((safe_lshift_func_int16_t_s_s(((*g_57) ^ (safe_mod_func_int32_t_s_s(((safe_div_func_uint16_t_u_u((((*l_1120) == p_16) >= ((0xFCL <= (~((safe_add_func_uint8_t_u_u(((safe_rshift_func_uint8_t_u_s((((0L >= ((*p_15) > ((((void*)0 != l_1137) ^ 7L) <= g_6))) ^ 0x94L) ^ (*l_1121)), p_16)) > (*l_1120)), 0xC8L)) ^ p_16))) || 4UL)), (*l_1120))) < 0x96L), (*l_1120)))), (*l_1121))), (*l_1120))) == g_771) , p_16)));
        (*g_139) &= (*g_893);
        for (g_327 = 0; (g_327 <= 1); g_327 += 1)
        { /* block id: 533 */
            int16_t *l_1144 = &g_1145;
            int32_t l_1146 = 1L;
            uint32_t *l_1151[1][1][9];
            int32_t l_1154 = (-2L);
            int32_t **l_1156 = &g_139;
            int16_t l_1167 = (-1L);
            int i, j, k;
            for (i = 0; i < 1; i++)
            {
                for (j = 0; j < 1; j++)
                {
                    for (k = 0; k < 9; k++)
                        l_1151[i][j][k] = &g_176[0][0];
                }
            }
            (*l_1156) = ((safe_mul_func_uint16_t_u_u(((safe_div_func_uint16_t_u_u(((safe_rshift_func_uint8_t_u_s((((*l_1144) = (*l_1121)) < (g_65 >= ((l_1146 = l_1146) != (((*l_1137) |= (safe_lshift_func_int8_t_s_u(((safe_lshift_func_int16_t_s_s(0x3801L, (((g_56[0] = p_16) <= (((safe_add_func_uint32_t_u_u((l_1154 & ((((void*)0 != &g_753) != ((+g_701) | (*p_18))) | g_54)), p_16)) || 0xF77C1F3287C3B20ELL) == (*p_15))) == p_16))) < 1UL), 0))) != p_16)))), p_16)) <= 0xBBL), g_701)) | (-1L)), p_16)) , (void*)0);
            (*p_15) = ((((safe_rshift_func_int16_t_s_u((*l_1120), 4)) || (l_1159 != l_1162)) && (g_175 || ((safe_lshift_func_int16_t_s_u((1UL >= (l_1167 >= p_16)), 6)) , (+((*l_1144) = (((void*)0 == &g_753) != 0xE9L)))))) | (*l_1120));
            for (g_1145 = 0; (g_1145 <= 2); g_1145 += 1)
            { /* block id: 543 */
                int32_t l_1169 = (-1L);
                return l_1169;
            }
        }
    }
    else
    { /* block id: 547 */
        (*l_1121) = (&g_173[2] != l_1170);
    }
    for (g_269 = 0; (g_269 <= 9); g_269 += 1)
    { /* block id: 552 */
        int32_t l_1175 = 1L;
        uint32_t l_1206[7] = {0x2D9F3DA6L,18446744073709551615UL,18446744073709551615UL,0x2D9F3DA6L,18446744073709551615UL,18446744073709551615UL,0x2D9F3DA6L};
        int32_t **l_1207 = &g_1016;
        uint32_t *l_1223 = &l_1118;
        int i;
        (*l_1121) |= (safe_sub_func_int8_t_s_s((-10L), (safe_div_func_uint64_t_u_u(l_1175, (p_16 & l_1175)))));
        for (g_386 = 0; (g_386 <= 7); g_386 += 1)
        { /* block id: 556 */
            uint8_t *l_1182[4][10][5] = {{{&g_269,(void*)0,&g_54,&g_386,&g_424[1][0]},{&g_386,(void*)0,(void*)0,&g_424[1][0],&g_54},{(void*)0,&g_424[1][0],(void*)0,(void*)0,&g_424[1][0]},{&g_54,&g_424[2][0],&g_424[1][0],&g_269,&g_269},{&g_386,&g_386,&g_424[5][1],&g_424[3][1],&g_424[1][0]},{&g_424[4][0],(void*)0,(void*)0,&g_386,&g_424[5][0]},{&g_386,&g_386,&g_424[1][0],&g_386,&g_386},{&g_54,&g_424[3][1],&g_424[1][0],&g_386,&g_54},{(void*)0,&g_54,&g_386,&g_424[1][0],&g_424[1][0]},{&g_386,&g_424[1][0],&g_424[5][0],(void*)0,(void*)0}},{{&g_269,&g_424[2][0],&g_269,&g_386,(void*)0},{(void*)0,&g_269,&g_54,(void*)0,&g_424[3][1]},{&g_386,&g_386,&g_269,&g_269,&g_386},{&g_269,&g_424[4][0],&g_54,&g_424[3][1],&g_424[1][0]},{&g_424[1][0],(void*)0,&g_269,(void*)0,&g_54},{&g_269,&g_54,&g_424[5][0],&g_54,&g_386},{(void*)0,(void*)0,&g_386,&g_386,&g_386},{(void*)0,&g_54,&g_424[1][0],&g_54,(void*)0},{&g_269,(void*)0,&g_424[1][0],&g_424[2][0],&g_424[1][0]},{&g_386,&g_386,(void*)0,&g_54,(void*)0}},{{&g_269,&g_386,&g_424[5][1],(void*)0,&g_424[1][0]},{(void*)0,&g_54,&g_424[1][0],&g_269,(void*)0},{(void*)0,&g_424[1][0],&g_424[1][0],&g_424[3][1],&g_54},{&g_424[1][0],&g_269,&g_424[2][0],&g_386,&g_269},{&g_424[1][0],(void*)0,(void*)0,&g_424[1][0],(void*)0},{&g_424[1][0],&g_424[1][0],&g_269,&g_386,&g_424[1][0]},{&g_386,&g_386,&g_424[5][1],&g_424[2][0],&g_424[1][0]},{&g_424[3][1],&g_424[3][0],&g_424[5][0],&g_54,&g_424[1][0]},{&g_424[1][0],&g_386,&g_424[3][1],&g_386,(void*)0},{&g_424[4][0],&g_424[1][0],&g_424[5][0],&g_269,(void*)0}},{{&g_386,(void*)0,&g_424[2][0],&g_54,(void*)0},{&g_269,&g_269,&g_424[1][0],&g_424[2][0],&g_54},{&g_54,&g_424[1][0],&g_424[1][0],&g_54,&g_386},{&g_269,&g_54,(void*)0,&g_424[0][0],&g_424[3][1]},{&g_386,&g_54,&g_269,&g_386,&g_424[5][1]},{&g_424[1][0],&g_424[1][0],&g_386,&g_424[0][0],&g_424[3][0]},{(void*)0,&g_386,&g_269,&g_54,&g_386},{&g_54,(void*)0,(void*)0,&g_424[2][0],(void*)0},{&g_424[1][0],(void*)0,(void*)0,&g_54,(void*)0},{&g_54,&g_424[1][0],&g_269,&g_269,&g_424[1][0]}}};
            int32_t l_1202[10][5][3] = {{{(-1L),0xD1586E4CL,1L},{0L,0x1DE644D8L,0L},{0L,2L,8L},{0x5912F9B9L,0L,0L},{0L,(-1L),1L}},{{0xAF276FC2L,0x99BFE460L,0x1DE644D8L},{0x6D931C45L,2L,0x6D931C45L},{0x1DE644D8L,0x99BFE460L,0xAF276FC2L},{1L,(-1L),0L},{0L,0L,0x5912F9B9L}},{{8L,2L,0L},{0L,0x1DE644D8L,0L},{1L,0xD1586E4CL,(-1L)},{0x1DE644D8L,3L,3L},{0x6D931C45L,0x64FE61C6L,(-1L)}},{{0xAF276FC2L,(-1L),0L},{0L,0xDB5BC8D8L,0L},{0x5912F9B9L,4L,0x5912F9B9L},{0L,0xDB5BC8D8L,0L},{0L,(-1L),0xAF276FC2L}},{{(-1L),0x64FE61C6L,0x6D931C45L},{3L,3L,0x1DE644D8L},{(-1L),0xD1586E4CL,1L},{0L,0x1DE644D8L,0L},{0L,2L,8L}},{{0x5912F9B9L,0L,0L},{0L,(-1L),1L},{0xAF276FC2L,0x99BFE460L,0x1DE644D8L},{0x6D931C45L,2L,0x6D931C45L},{0x1DE644D8L,0x99BFE460L,0xAF276FC2L}},{{1L,(-1L),0L},{0L,0L,0x5912F9B9L},{8L,2L,0L},{0L,0x1DE644D8L,4L},{0xF78C6D2CL,2L,0L}},{{3L,3L,3L},{0x5DC7F8D6L,2L,0L},{0x5912F9B9L,0L,4L},{0x6D931C45L,0xD1586E4CL,8L},{0x99BFE460L,1L,0x99BFE460L}},{{8L,0xD1586E4CL,0x6D931C45L},{4L,0L,0x5912F9B9L},{0L,2L,0x5DC7F8D6L},{3L,3L,3L},{0L,2L,0xF78C6D2CL}},{{4L,3L,0xAF276FC2L},{8L,(-10L),0xD64164D4L},{0x99BFE460L,4L,0xAF276FC2L},{0x6D931C45L,0xDADC3ED2L,0xF78C6D2CL},{0x5912F9B9L,0x1DE644D8L,3L}}};
            int i, j, k;
            for (g_514 = 0; (g_514 <= 9); g_514 += 1)
            { /* block id: 559 */
                int16_t ***l_1179 = (void*)0;
                int16_t ***l_1180 = &l_1178;
                trace_simple(m17, ""); uint8_t **l_1183 = (void*)0;
                uint8_t **l_1184 = &l_1182[1][2][1];
                int16_t **l_1185 = &g_326;
                trace_simple(m18, "l_1175=%d", l_1175); int32_t l_1205 = (-1L);
                for (g_65 = 7; (g_65 >= 0); g_65 -= 1)
                { /* block id: 562 */
                    return l_1175;
                }
                (**g_892) ^= ((safe_mod_func_uint64_t_u_u((((*l_1180) = l_1178) == (l_1185 = ((l_1181 != ((*l_1184) = l_1182[1][2][1])) , (*g_752)))), ((safe_sub_func_int64_t_s_s(0x9CC70F92390D4C74LL, ((safe_lshift_func_int16_t_s_u(((safe_mod_func_uint64_t_u_u(((safe_sub_func_int16_t_s_s((*g_326), ((safe_div_func_uint16_t_u_u((((*l_1119) |= p_16) ^ (safe_mod_func_uint64_t_u_u(((safe_rshift_func_int16_t_s_u((safe_mul_func_int16_t_s_s(l_1202[4][0][0], (safe_mul_func_uint8_t_u_u((0xDEL & l_1205), l_1206[4])))), 8)) > l_1206[4]), 0xD10BCC17A4E9EB1BLL))), (*g_326))) , p_16))) || 0x5F84L), p_16)) || (*p_17)), 12)) || g_783))) , 18446744073709551614UL))) | (*g_326));
            }
            (*p_18) |= (*g_893);
            (*g_1014) = l_1207;
        }
        for (g_386 = 0; (g_386 <= 9); g_386 += 1)
        { /* block id: 576 */
            int8_t l_1212 = 0x49L;
            uint32_t *l_1215 = &g_56[1];
            int32_t l_1225 = 9L;
            for (g_3 = 0; (g_3 <= 9); g_3 += 1)
            { /* block id: 579 */
                int32_t l_1224 = (-2L);
                (**g_892) = (safe_rshift_func_uint16_t_u_u((((*g_391) = (**g_711)) >= ((**g_753) && (safe_add_func_int8_t_s_s((l_1212 == ((l_1225 = ((safe_mod_func_int32_t_s_s((((*l_1121) = ((void*)0 == l_1215)) ^ (safe_mul_func_uint16_t_u_u((safe_lshift_func_int8_t_s_u((p_16 , (safe_sub_func_uint16_t_u_u((~((((((((void*)0 == &l_1181) == ((*l_1178) == (void*)0)) || 9UL) , l_1223) == &l_1118) == g_11) , g_417)), 65535UL))), 7)), l_1224))), (*g_57))) , 0xC6CEL)) ^ 0UL)), 0x03L)))), 10));
                return (*p_17);
            }
        }
    }
    return l_1226[1][0];
}


/* ------------------------------------------ */
/* 
 * reads : g_894 g_67 g_173 g_424 g_711 g_391 g_326 g_57 g_58 g_783 g_150 g_893 g_139 g_985 g_269 g_839 g_892 g_627 g_176 g_6 g_54 g_327 g_386 g_786 g_65 g_417 g_574 g_1089 g_771
 * writes: g_894 g_67 g_173 g_424 g_391 g_175 g_327 g_514 g_139 g_150 g_56 g_65 g_417 g_574 g_176
 */
static uint16_t  func_20(int8_t  p_21, int32_t * p_22, int32_t  p_23, uint16_t  p_24)
{ /* block id: 428 */
    uint16_t l_975 = 0xA355L;
    int16_t l_983 = 0L;
    int16_t l_994 = 1L;
    int8_t ***l_1051 = &g_709[1];
    int32_t **l_1068 = &g_1016;
    int32_t ***l_1067 = &l_1068;
    uint64_t *l_1086 = &g_783;
    uint64_t **l_1085 = &l_1086;
    int32_t l_1093 = 0xFC9F5AFEL;
    int32_t l_1094 = 0x9E564A8FL;
    int32_t l_1095 = (-6L);
    int32_t l_1096 = 0x75B4F216L;
    int32_t l_1097[1];
    int16_t l_1098 = 1L;
    uint16_t l_1099 = 65535UL;
    int32_t *l_1103 = (void*)0;
    trace_simple(m19, "l_1096=%d", l_1096); int32_t *l_1104 = &g_3;
    int32_t *l_1105 = &l_1097[0];
    int32_t *l_1106[3][6][3] = {{{&g_65,&l_1093,&g_65},{&l_1096,&l_1094,&l_1093},{&l_1096,&g_894,(void*)0},{&l_1093,&l_1096,&l_1093},{(void*)0,&l_1097[0],&g_65},{&g_11,(void*)0,&l_1096}},{{(void*)0,&l_1096,&l_1096},{(void*)0,&l_1096,(void*)0},{&g_11,&g_65,&l_1097[0]},{(void*)0,&l_1093,&l_1096},{&l_1093,(void*)0,&g_894},{&l_1096,&l_1093,&l_1094}},{{&l_1096,&g_65,&l_1093},{&g_65,&l_1096,&g_11},{&g_11,&l_1096,&g_11},{&l_1097[0],(void*)0,&l_1093},{&l_1095,&l_1097[0],&l_1094},{&l_1096,&l_1096,&g_894}}};
    uint64_t l_1107 = 0x6B6E51A541A559B2LL;
    int i, j, k;
    for (i = 0; i < 1; i++)
        l_1097[i] = 0x51D1B150L;
    for (g_894 = 0; (g_894 > 20); ++g_894)
    { /* block id: 431 */
        int8_t *l_973 = (void*)0;
        for (g_67 = 23; (g_67 > 32); ++g_67)
        { /* block id: 434 */
            uint16_t *l_959 = (void*)0;
            uint16_t *l_960 = &g_173[2];
            uint8_t *l_967 = &g_424[1][0];
            int64_t *l_976 = &g_175;
            uint8_t l_979[2][6];
            int i, j;
            trace_simple(m20, "l_1095=%d l_1096=%d l_1107=%lu", l_1095, l_1096, l_1107); for (i = 0; i < 2; i++)
            {
                for (j = 0; j < 6; j++)
                    l_979[i][j] = 0xC3L;
            }
            (*p_22) |= (safe_div_func_uint16_t_u_u(((*l_960)--), ((safe_add_func_uint32_t_u_u(((safe_mul_func_uint8_t_u_u(((*l_967)++), (safe_unary_minus_func_uint8_t_u(0x10L)))) , (~(((((*l_967) = (p_21 <= (!(-10L)))) , l_967) == (l_973 = ((*g_711) = (*g_711)))) && ((((*g_326) = (+(l_975 < ((*l_976) = (p_24 , 0L))))) != (safe_mul_func_uint16_t_u_u((((((l_979[0][3] && p_21) != l_975) > (*g_57)) & g_67) | 0xB7L), l_975))) | 0xC1L)))), 0UL)) | 0x4A8AL)));
        }
        return g_783;
    }
    (*g_985) = func_35(l_975, ((safe_rshift_func_uint16_t_u_s(((0xD9C4AB95L > 0x9AEAFD87L) <= (**g_711)), 6)) , func_35((((+l_975) || ((*g_893) = l_983)) < l_983), p_22)));
    if (((((0L ^ ((safe_add_func_int16_t_s_s((+p_23), (safe_mod_func_int64_t_s_s(g_269, g_839[0])))) == (((l_975 && (p_24 , (+l_983))) > (safe_lshift_func_uint16_t_u_u((l_994 & (*p_22)), 6))) >= (**g_711)))) ^ 0L) , (*p_22)) <= 0L))
    { /* block id: 448 */
        trace_simple(m21, "l_1098=%d l_1107=%lu", l_1098, l_1107); uint16_t l_1006[4] = {0xA9D5L,0xA9D5L,0xA9D5L,0xA9D5L};
        int32_t *l_1009 = (void*)0;
        int32_t **l_1008 = &l_1009;
        int64_t *l_1012[9][1][1] = {{{&g_175}},{{&g_175}},{{&g_175}},{{&g_175}},{{&g_175}},{{&g_175}},{{&g_175}},{{&g_175}},{{&g_175}}};
        int8_t *l_1019 = &g_417;
        int8_t ***l_1052 = &g_709[8];
        int i, j, k;
        (**g_892) |= (*p_22);
        for (p_23 = 0; (p_23 <= 0); p_23 += 1)
        { /* block id: 452 */
            int32_t *l_995[5] = {&g_6,&g_6,&g_6,&g_6,&g_6};
            int64_t l_1055[3][4][10] = {{{0x990FEF8357B822F7LL,0x2033924B2558895ALL,0x58973030AEEEFB61LL,0xF013AE92E0D6914ELL,0x58973030AEEEFB61LL,0x2033924B2558895ALL,0x990FEF8357B822F7LL,0x2033924B2558895ALL,0x58973030AEEEFB61LL,0xF013AE92E0D6914ELL},{0xE2F2B28BA5F8D0A0LL,0xF013AE92E0D6914ELL,0xE2F2B28BA5F8D0A0LL,0x2033924B2558895ALL,(-2L),0x2033924B2558895ALL,0xE2F2B28BA5F8D0A0LL,0xF013AE92E0D6914ELL,0xE2F2B28BA5F8D0A0LL,0x2033924B2558895ALL},{0x990FEF8357B822F7LL,0xF013AE92E0D6914ELL,0L,0xF013AE92E0D6914ELL,0x990FEF8357B822F7LL,0x326D7707D3168021LL,0x990FEF8357B822F7LL,0xF013AE92E0D6914ELL,0L,0xF013AE92E0D6914ELL},{(-2L),0x2033924B2558895ALL,0xE2F2B28BA5F8D0A0LL,0xF013AE92E0D6914ELL,0xE2F2B28BA5F8D0A0LL,0x2033924B2558895ALL,(-2L),0x2033924B2558895ALL,0xE2F2B28BA5F8D0A0LL,0xF013AE92E0D6914ELL}},{{0x58973030AEEEFB61LL,0xF013AE92E0D6914ELL,0x58973030AEEEFB61LL,0x2033924B2558895ALL,0x990FEF8357B822F7LL,0x2033924B2558895ALL,0x58973030AEEEFB61LL,0xF013AE92E0D6914ELL,0x58973030AEEEFB61LL,0x2033924B2558895ALL},{(-2L),0xF013AE92E0D6914ELL,(-1L),0xF013AE92E0D6914ELL,(-2L),0x326D7707D3168021LL,(-2L),0xF013AE92E0D6914ELL,(-1L),0xF013AE92E0D6914ELL},{0x990FEF8357B822F7LL,0x2033924B2558895ALL,0x58973030AEEEFB61LL,0xF013AE92E0D6914ELL,0x58973030AEEEFB61LL,0x2033924B2558895ALL,0x990FEF8357B822F7LL,0x2033924B2558895ALL,0x58973030AEEEFB61LL,0x2033924B2558895ALL},{(-1L),0x2033924B2558895ALL,(-1L),0x326D7707D3168021LL,0xE2F2B28BA5F8D0A0LL,0x326D7707D3168021LL,(-1L),0x2033924B2558895ALL,(-1L),0x326D7707D3168021LL}},{{0x58973030AEEEFB61LL,0x2033924B2558895ALL,0x990FEF8357B822F7LL,0x2033924B2558895ALL,0x58973030AEEEFB61LL,0xF013AE92E0D6914ELL,0x58973030AEEEFB61LL,0x2033924B2558895ALL,0x990FEF8357B822F7LL,0x2033924B2558895ALL},{0xE2F2B28BA5F8D0A0LL,0x326D7707D3168021LL,(-1L),0x2033924B2558895ALL,(-1L),0x326D7707D3168021LL,0xE2F2B28BA5F8D0A0LL,0x326D7707D3168021LL,(-1L),0x2033924B2558895ALL},{0L,0x2033924B2558895ALL,0L,0x326D7707D3168021LL,0x58973030AEEEFB61LL,0x326D7707D3168021LL,0L,0x2033924B2558895ALL,0L,0x326D7707D3168021LL},{0xE2F2B28BA5F8D0A0LL,0x2033924B2558895ALL,(-2L),0x2033924B2558895ALL,0xE2F2B28BA5F8D0A0LL,0xF013AE92E0D6914ELL,0xE2F2B28BA5F8D0A0LL,0x2033924B2558895ALL,(-2L),0x2033924B2558895ALL}}};
            int i, j, k;
            (*g_627) = l_995[1];
            for (g_150 = 0; (g_150 <= 2); g_150 += 1)
            { /* block id: 456 */
                int32_t l_1007 = 0x2240BCB0L;
                int8_t *l_1020 = &g_574;
                int32_t *l_1064 = &g_3;
                for (l_994 = 0; (l_994 <= 0); l_994 += 1)
                { /* block id: 459 */
                    uint32_t *l_1005 = &g_56[1];
                    int i, j;
                    l_1007 |= (((g_176[(p_23 + 1)][l_994] >= ((safe_rshift_func_int16_t_s_u((((safe_lshift_func_uint8_t_u_s(g_173[(l_994 + 1)], 3)) != g_6) , (((g_173[(l_994 + 1)] <= 7UL) , (((*l_1005) = ((!(safe_sub_func_uint16_t_u_u(1UL, (0xFAL || (g_54 || (*g_326)))))) , 4294967295UL)) , 4294967295UL)) & l_983)), p_23)) < g_386)) <= l_1006[0]) || g_786);
                    if ((**g_627))
                    { /* block id: 462 */
                        trace_simple(m22, "l_1099=%u l_1007=%d", l_1099, l_1007); return p_24;
                    }
                    else
                    { /* block id: 464 */
                        int32_t ***l_1010 = &l_1008;
                        (*l_1010) = l_1008;
                    }
                    return p_24;
                }
                for (g_65 = 0; (g_65 <= 2); g_65 += 1)
                { /* block id: 471 */
                    int32_t ** const *l_1013 = &l_1008;
                    int32_t * const **l_1018[4][8] = {{&g_1015,&g_1015,&g_1015,(void*)0,&g_1015,&g_1015,(void*)0,&g_1015},{&g_1015,&g_1015,&g_1015,&g_1015,(void*)0,&g_1015,&g_1015,(void*)0},{&g_1015,(void*)0,&g_1015,&g_1015,&g_1015,&g_1015,&g_1015,(void*)0},{(void*)0,&g_1015,&g_1015,&g_1015,&g_1015,&g_1015,&g_1015,&g_1015}};
                    int32_t l_1054 = 1L;
                    int i, j;
                }
                if ((*p_22))
                    break;
            }
        }
    }
    else
    { /* block id: 503 */
        uint32_t l_1087 = 18446744073709551615UL;
        int32_t l_1088 = 0x1CE62C88L;
        int32_t l_1090 = 0L;
        int32_t *l_1092[4];
        int32_t **l_1102 = &g_139;
        int i;
        for (i = 0; i < 4; i++)
            l_1092[i] = &l_1088;
        for (g_417 = (-15); (g_417 == (-10)); g_417++)
        { /* block id: 506 */
            uint32_t l_1091 = 0x3571A036L;
            for (g_574 = 7; (g_574 >= 0); g_574 -= 1)
            { /* block id: 509 */
                const int32_t *l_1071 = &g_839[1];
                const int32_t **l_1070 = &l_1071;
                const int32_t ***l_1069 = &l_1070;
                uint32_t *l_1084 = &g_176[0][0];
                int i;
                (*g_139) &= ((((((l_1067 == l_1069) > (safe_lshift_func_uint8_t_u_s((safe_sub_func_uint8_t_u_u(((safe_mod_func_uint32_t_u_u(((((l_975 & (p_21 <= (((*l_1084) = ((safe_div_func_int64_t_s_s(p_24, (safe_rshift_func_uint16_t_u_u((++g_173[0]), l_994)))) < (*g_326))) >= (l_1085 != ((l_1088 |= l_1087) , g_1089))))) || 18446744073709551607UL) <= 0xE3401B1DL) , l_1090), l_994)) ^ g_894), g_771)), 2))) > l_1091) == 0xD2E102D06FA04D71LL) , g_1089) != (void*)0);
                (*g_139) |= 0x406BAB52L;
            }
            if (l_983)
                continue;
        }
        --l_1099;
        (*l_1102) = p_22;
    }
    ++l_1107;
    return g_783;
}


/* ------------------------------------------ */
/* 
 * reads : g_54 g_711 g_391 g_150 g_139 g_546 g_2 g_326 g_327 g_753 g_56 g_67 g_828 g_65 g_420 g_862 g_175 g_57 g_58 g_892 g_893 g_176 g_6 g_701 g_173 g_839 g_11 g_894 g_417 g_752
 * writes: g_54 g_65 g_56 g_828 g_176 g_3 g_150 g_139 g_891 g_894 g_424 g_173 g_514
 */
static int16_t  func_25(uint8_t  p_26, int8_t  p_27)
{ /* block id: 373 */
    uint32_t l_830 = 3UL;
    int32_t l_831 = 0xC7F592B1L;
    int32_t l_832[9] = {0xFE581335L,0xFE581335L,0x69E15E8EL,0xFE581335L,0xFE581335L,0x69E15E8EL,0xFE581335L,0xFE581335L,0x69E15E8EL};
    int32_t l_833 = (-1L);
    int32_t l_834 = 0x280E85FCL;
    uint64_t l_835 = 0x63ABD10B5DFDEDDCLL;
    int8_t **l_857 = &g_391;
    int16_t ***l_878 = (void*)0;
    int32_t **l_937 = &g_139;
    int32_t ***l_936[8][4][8] = {{{(void*)0,&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,(void*)0},{(void*)0,&l_937,(void*)0,&l_937,&l_937,(void*)0,&l_937,&l_937}},{{(void*)0,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937,&l_937},{(void*)0,(void*)0,&l_937,&l_937,&l_937,&l_937,(void*)0,&l_937}},{{(void*)0,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,(void*)0,&l_937},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,(void*)0,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937}},{{&l_937,(void*)0,&l_937,(void*)0,&l_937,&l_937,(void*)0,(void*)0},{&l_937,&l_937,(void*)0,&l_937,&l_937,&l_937,&l_937,(void*)0},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937,&l_937}},{{&l_937,&l_937,(void*)0,(void*)0,&l_937,&l_937,&l_937,(void*)0},{&l_937,&l_937,&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937,(void*)0},{&l_937,(void*)0,(void*)0,(void*)0,&l_937,&l_937,&l_937,&l_937}},{{&l_937,&l_937,(void*)0,&l_937,&l_937,&l_937,&l_937,&l_937},{(void*)0,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,(void*)0},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,(void*)0},{&l_937,(void*)0,&l_937,(void*)0,&l_937,&l_937,(void*)0,&l_937}},{{&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937,&l_937,&l_937},{&l_937,(void*)0,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,(void*)0,&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937}},{{(void*)0,&l_937,(void*)0,&l_937,&l_937,&l_937,&l_937,&l_937},{&l_937,&l_937,&l_937,(void*)0,&l_937,&l_937,(void*)0,&l_937},{&l_937,&l_937,&l_937,(void*)0,&l_937,(void*)0,&l_937,&l_937},{&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937,&l_937}}};
    int32_t ****l_935 = &l_936[5][2][5];
    const uint32_t l_950 = 0x25DF67ECL;
    int i, j, k;
    for (g_54 = 0; (g_54 > 36); g_54 = safe_add_func_int64_t_s_s(g_54, 8))
    { /* block id: 376 */
        int64_t l_820 = (-1L);
        uint32_t *l_826[1][2][2] = {{{(void*)0,(void*)0},{(void*)0,(void*)0}}};
        int32_t *l_827 = &g_828;
        int32_t *l_829[2];
        int64_t l_838 = 0x4EA926D4F68ACCDELL;
        uint64_t l_840 = 0xCB82E7282B68D308LL;
        int i, j, k;
        for (i = 0; i < 2; i++)
            l_829[i] = (void*)0;
        l_830 = ((((*l_827) &= (safe_div_func_uint64_t_u_u(((((*g_139) = (0x89L && (**g_711))) > p_26) && l_820), (((+(*g_546)) , (g_56[1] = (((*g_326) | (safe_lshift_func_int8_t_s_u((safe_rshift_func_uint8_t_u_u(((**g_753) >= (l_820 ^ 1UL)), g_56[1])), g_67))) , 1UL))) , 0xBAB9423A80D4F09BLL)))) , 0x9FL) < 0x3DL);
        l_835--;
        --l_840;
    }
    for (g_65 = 0; (g_65 <= 1); g_65 += 1)
    { /* block id: 386 */
        int64_t *l_845[3][10] = {{&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175},{&g_175,&g_175,(void*)0,&g_175,&g_175,(void*)0,&g_175,&g_175,(void*)0,&g_175},{&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175,&g_175}};
        int8_t l_846 = (-1L);
        int16_t * const **l_852 = (void*)0;
        int16_t * const ***l_851 = &l_852;
        int8_t **l_858 = &g_391;
        uint32_t *l_859[1][4] = {{&l_830,&l_830,&l_830,&l_830}};
        int8_t l_860 = 0x1EL;
        int32_t *l_861 = (void*)0;
        int32_t l_881 = 0xC87F0EE8L;
        int i, j;
        (*g_862) = ((safe_mul_func_uint16_t_u_u((g_56[g_65] , ((l_846 = 0x55D359645E6A9AEALL) ^ g_56[1])), (safe_sub_func_int64_t_s_s((p_27 < ((l_860 ^= ((l_851 == (void*)0) < (((g_176[0][0] = (((safe_sub_func_int64_t_s_s(((safe_lshift_func_int8_t_s_u(((((l_857 != l_858) , l_830) ^ 0L) & (-6L)), 3)) , p_26), p_27)) ^ g_56[g_65]) , 5UL)) & 0x3739C430L) < 0xF775074FBEEA0EECLL))) <= 0xF888C038L)), g_420)))) < p_27);
        if (p_27)
            continue;
        for (g_150 = 14; (g_150 != (-8)); g_150 = safe_sub_func_int16_t_s_s(g_150, 2))
        { /* block id: 394 */
            int32_t *l_882 = &l_834;
            int8_t l_918 = 0xD0L;
            for (l_860 = (-5); (l_860 >= 27); l_860 = safe_add_func_int64_t_s_s(l_860, 7))
            { /* block id: 397 */
                int16_t *l_870 = &g_327;
                int16_t *l_871 = &g_327;
                int16_t *l_872 = (void*)0;
                int16_t *l_873[2];
                int16_t *l_874 = &g_327;
                int16_t *l_875 = &g_327;
                int16_t *l_876 = &g_327;
                int16_t *l_877[7];
                int16_t ** const l_869[2][2][10] = {{{(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0,(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0},{(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0,(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0}},{{(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0,(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0},{(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0,(void*)0,&l_873[1],&l_875,&l_873[1],(void*)0}}};
                int16_t ** const *l_868 = &l_869[1][0][9];
                int16_t ** const **l_867 = &l_868;
                trace_simple(m23, "l_835=%lu l_918=%d", l_835, l_918); int16_t ****l_879 = &l_878;
                int32_t *l_880[6][4] = {{&l_832[1],&l_832[1],&l_832[1],&l_832[1]},{&l_832[1],&l_832[1],&l_832[1],&l_832[1]},{&l_832[1],&l_832[1],&l_832[8],&l_832[1]},{&l_832[1],&l_832[1],&l_832[1],&l_832[1]},{&l_832[1],&l_832[1],&l_832[1],&l_832[1]},{&l_832[1],&l_832[1],&l_832[8],&l_832[1]}};
                int32_t **l_883 = &g_139;
                trace_simple(m24, ""); uint32_t l_896 = 1UL;
                trace_simple(m25, "l_846=%d l_860=%d l_896=%u", l_846, l_860, l_896); uint64_t *l_908 = (void*)0;
                int16_t l_917 = 0x1626L;
                int i, j, k;
                for (i = 0; i < 2; i++)
                    l_873[i] = &g_327;
                for (i = 0; i < 7; i++)
                    l_877[i] = &g_327;
                l_881 = (((*l_867) = &g_753) != ((*l_879) = l_878));
                (*l_883) = (l_882 = (void*)0);
                if ((+g_175))
                { /* block id: 403 */
                    const int32_t ***l_886 = &g_640[0][1][4];
                    const int32_t ****l_885 = &l_886;
                    const int32_t ***l_888 = &g_640[6][1][4];
                    const int32_t ****l_887 = &l_888;
                    trace_simple(m26, "l_896=%u l_917=%d", l_896, l_917); int32_t * const *l_890 = &l_880[1][0];
                    int32_t * const **l_889[8][6] = {{&l_890,&l_890,&l_890,&l_890,&l_890,&l_890},{(void*)0,&l_890,&l_890,(void*)0,&l_890,&l_890},{&l_890,(void*)0,&l_890,&l_890,&l_890,&l_890},{&l_890,&l_890,&l_890,(void*)0,&l_890,&l_890},{(void*)0,&l_890,&l_890,&l_890,(void*)0,&l_890},{&l_890,&l_890,&l_890,(void*)0,(void*)0,&l_890},{&l_890,&l_890,(void*)0,&l_890,&l_890,&l_890},{&l_890,&l_890,&l_890,&l_890,&l_890,&l_890}};
                    uint16_t l_901 = 0xC3F3L;
                    uint8_t *l_919[9] = {&g_424[0][1],(void*)0,(void*)0,&g_424[0][1],(void*)0,(void*)0,&g_424[0][1],(void*)0,(void*)0};
                    uint16_t *l_920 = &g_173[2];
                    uint16_t *l_921 = (void*)0;
                    uint16_t *l_922 = &l_901;
                    int i, j;
                    l_881 &= ((*g_893) = (((((((*l_887) = ((*l_885) = &g_640[3][3][3])) != (g_891[6] = l_889[4][3])) , (safe_unary_minus_func_int32_t_s(l_830))) || ((1UL == (l_896 <= ((safe_sub_func_int16_t_s_s(p_26, (safe_mul_func_uint8_t_u_u(((*g_57) >= (0xDC87C6E01B891566LL == ((void*)0 != (*g_892)))), l_901)))) > g_176[0][0]))) || (*g_57))) ^ p_27) <= (*g_326)));
                    (*l_883) = func_35(((safe_div_func_int64_t_s_s((safe_mul_func_uint16_t_u_u(((*l_922) = (((*l_920) ^= (p_27 , (((safe_add_func_int32_t_s_s(0xF602CFCDL, 0x5E2657CAL)) , ((*g_893) = ((g_176[0][0] = ((void*)0 == l_908)) ^ ((g_424[3][1] = (((safe_mul_func_int8_t_s_s(0xDAL, ((safe_rshift_func_uint8_t_u_s(((p_26 || ((safe_mul_func_int16_t_s_s(0x821DL, (safe_mul_func_uint16_t_u_u(g_6, l_917)))) == l_918)) | g_701), 6)) != g_2))) & p_26) & 3L)) != p_26)))) || p_27))) || p_27)), (**g_753))), p_26)) == g_839[0]), l_882);
                    l_883 = &l_861;
                    (**g_892) = (*g_546);
                }
                else
                { /* block id: 417 */
                    trace_simple(m27, "l_860=%d l_881=%d", l_860, l_881); int32_t ***l_934[9][4][7] = {{{&l_883,(void*)0,&l_883,&l_883,&l_883,(void*)0,&l_883},{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883},{(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883},{&l_883,&l_883,&l_883,&l_883,&l_883,(void*)0,&l_883}},{{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883},{&l_883,&l_883,(void*)0,&l_883,&l_883,&l_883,(void*)0},{&l_883,(void*)0,&l_883,&l_883,&l_883,(void*)0,&l_883},{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,(void*)0}},{{(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883},{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,(void*)0},{(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883},{&l_883,(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883}},{{&l_883,(void*)0,(void*)0,&l_883,&l_883,&l_883,(void*)0},{(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883,(void*)0},{&l_883,(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883},{&l_883,(void*)0,&l_883,&l_883,(void*)0,&l_883,&l_883}},{{&l_883,&l_883,(void*)0,(void*)0,&l_883,&l_883,(void*)0},{&l_883,(void*)0,&l_883,(void*)0,&l_883,&l_883,&l_883},{&l_883,(void*)0,&l_883,&l_883,(void*)0,&l_883,&l_883},{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883}},{{&l_883,(void*)0,&l_883,(void*)0,&l_883,&l_883,&l_883},{&l_883,(void*)0,&l_883,(void*)0,&l_883,&l_883,&l_883},{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,(void*)0},{(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883}},{{&l_883,(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883},{&l_883,(void*)0,(void*)0,&l_883,&l_883,&l_883,(void*)0},{(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883,(void*)0},{&l_883,(void*)0,&l_883,&l_883,&l_883,&l_883,&l_883}},{{&l_883,(void*)0,&l_883,&l_883,(void*)0,&l_883,&l_883},{&l_883,&l_883,(void*)0,(void*)0,&l_883,&l_883,(void*)0},{&l_883,(void*)0,&l_883,(void*)0,&l_883,&l_883,&l_883},{&l_883,(void*)0,&l_883,&l_883,(void*)0,&l_883,&l_883}},{{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,&l_883},{&l_883,(void*)0,&l_883,(void*)0,&l_883,&l_883,&l_883},{&l_883,(void*)0,&l_883,(void*)0,&l_883,&l_883,&l_883},{&l_883,&l_883,&l_883,&l_883,&l_883,&l_883,(void*)0}}};
                    int32_t ****l_933 = &l_934[0][2][6];
                    int32_t **l_945 = &l_880[3][0];
                    int i, j, k;
                    (**g_892) = (((safe_lshift_func_int16_t_s_s(((safe_add_func_uint8_t_u_u((safe_add_func_int32_t_s_s(1L, ((((((safe_sub_func_uint8_t_u_u(p_27, (safe_sub_func_uint8_t_u_u((l_933 != l_935), g_11)))) , (safe_sub_func_uint8_t_u_u((safe_mod_func_uint64_t_u_u(18446744073709551615UL, (safe_lshift_func_int16_t_s_s((g_173[1] , (g_894 && (g_2 , 5UL))), 0)))), g_11))) , 0xFDAD2D5E239CCEC3LL) & 0L) == g_417) == 0x35431D95L))), 0xF7L)) , (-8L)), 0)) == p_27) & 0x3BE2L);
                    (*l_945) = (*g_892);
                }
            }
            (*l_937) = (*l_937);
            (*l_937) = ((safe_lshift_func_int16_t_s_s((safe_mul_func_uint16_t_u_u(l_950, (*g_326))), 9)) , (*l_937));
        }
    }
    return (***g_752);
}


/* ------------------------------------------ */
/* 
 * reads : g_417 g_56 g_391 g_150 g_786 g_752 g_753 g_326 g_327 g_783 g_173 g_386
 * writes: g_417 g_150 g_3
 */
static int64_t  func_32(int32_t * p_33, int32_t * p_34)
{ /* block id: 360 */
    uint64_t *l_801 = &g_783;
    int32_t l_814 = 1L;
    for (g_417 = 0; (g_417 != (-15)); g_417--)
    { /* block id: 363 */
        int16_t ***l_793[7] = {&g_753,&g_753,&g_753,&g_753,&g_753,&g_753,&g_753};
        int16_t ****l_792 = &l_793[4];
        int32_t l_798[5] = {0xC85A6D08L,0xC85A6D08L,0xC85A6D08L,0xC85A6D08L,0xC85A6D08L};
        const uint64_t *l_802 = (void*)0;
        uint32_t *l_809 = (void*)0;
        uint32_t **l_810 = &l_809;
        uint32_t *l_811 = &g_56[1];
        uint32_t *l_813 = &g_56[1];
        uint32_t **l_812 = &l_813;
        int i;
        (*l_792) = &g_753;
        (*p_33) = (safe_add_func_int8_t_s_s((safe_mul_func_uint8_t_u_u(((l_798[0] && (safe_add_func_int8_t_s_s((l_798[0] = ((l_801 != l_802) >= (((safe_lshift_func_uint16_t_u_s((safe_sub_func_int8_t_s_s(((*g_391) &= ((safe_mul_func_int8_t_s_s((((*l_812) = (l_811 = ((*l_810) = l_809))) == &g_56[1]), g_56[1])) == 1L)), g_786)), (***g_752))) != l_798[4]) <= l_798[0]))), l_814))) , g_783), g_173[0])), g_386));
    }
    return l_814;
}


/* ------------------------------------------ */
/* 
 * reads : g_514 g_139
 * writes: g_514 g_139
 */
static int32_t * func_35(uint8_t  p_36, int32_t * p_37)
{ /* block id: 297 */
    int32_t l_689 = 0L;
    int8_t l_691[3][7] = {{0xB6L,(-7L),(-7L),0xB6L,3L,(-1L),0xB6L},{(-1L),0xC6L,3L,3L,0xC6L,(-1L),(-7L)},{0xC6L,0xB6L,9L,0xFFL,0xFFL,9L,0xB6L}};
    const int16_t *l_699 = (void*)0;
    uint64_t l_738[10] = {0UL,7UL,7UL,0UL,7UL,7UL,0UL,7UL,7UL,0UL};
    uint32_t *l_764 = &g_56[1];
    uint32_t **l_763 = &l_764;
    uint32_t ***l_762 = &l_763;
    const int32_t *l_787 = (void*)0;
    int32_t *l_788 = &g_65;
    int32_t **l_789 = &g_139;
    int i, j;
    for (g_514 = 0; (g_514 <= 1); g_514 += 1)
    { /* block id: 300 */
        uint64_t *l_694 = (void*)0;
        uint8_t *l_695 = &g_269;
        uint64_t l_696 = 0xFF16868F5F7B112DLL;
        int32_t *l_698 = &g_3;
        trace_simple(m28, "p_36=%u l_689=%d l_696=%lu", p_36, l_689, l_696); const int16_t *l_700[9][6][4] = {{{(void*)0,(void*)0,&g_701,(void*)0},{(void*)0,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,(void*)0,&g_701},{(void*)0,&g_701,(void*)0,&g_701},{(void*)0,(void*)0,&g_701,&g_701}},{{(void*)0,(void*)0,&g_701,&g_701},{&g_701,&g_701,&g_701,(void*)0},{(void*)0,&g_701,(void*)0,&g_701},{&g_701,&g_701,(void*)0,(void*)0},{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,(void*)0}},{{&g_701,&g_701,&g_701,&g_701},{&g_701,(void*)0,&g_701,&g_701},{(void*)0,(void*)0,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{(void*)0,&g_701,(void*)0,&g_701}},{{&g_701,&g_701,&g_701,(void*)0},{&g_701,(void*)0,(void*)0,&g_701},{&g_701,(void*)0,&g_701,(void*)0},{&g_701,&g_701,(void*)0,(void*)0},{(void*)0,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701}},{{&g_701,&g_701,&g_701,&g_701},{(void*)0,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,(void*)0,&g_701}},{{&g_701,&g_701,(void*)0,&g_701},{(void*)0,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{(void*)0,&g_701,&g_701,&g_701},{(void*)0,&g_701,(void*)0,&g_701},{(void*)0,&g_701,(void*)0,&g_701}},{{&g_701,&g_701,&g_701,(void*)0},{&g_701,&g_701,&g_701,(void*)0},{(void*)0,&g_701,&g_701,&g_701},{(void*)0,(void*)0,&g_701,(void*)0},{(void*)0,&g_701,&g_701,&g_701},{&g_701,&g_701,(void*)0,&g_701}},{{(void*)0,&g_701,&g_701,&g_701},{(void*)0,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,(void*)0},{&g_701,(void*)0,&g_701,&g_701},{&g_701,&g_701,&g_701,(void*)0},{&g_701,&g_701,&g_701,&g_701}},{{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,&g_701},{&g_701,&g_701,&g_701,(void*)0},{&g_701,&g_701,&g_701,&g_701},{(void*)0,(void*)0,&g_701,(void*)0},{(void*)0,&g_701,&g_701,&g_701}}};
        uint64_t l_750[10][2][8] = {{{18446744073709551611UL,0xFFC1F9E2C574D239LL,5UL,0x52CF91DAE2EBF165LL,0xE2F258BDBF91EB6FLL,0xED26CFDE9EE58F13LL,1UL,18446744073709551613UL},{18446744073709551611UL,18446744073709551615UL,18446744073709551610UL,1UL,1UL,0UL,0x52CF91DAE2EBF165LL,5UL}},{{0UL,18446744073709551614UL,0x56F52260D200B640LL,18446744073709551615UL,1UL,1UL,18446744073709551615UL,0x56F52260D200B640LL},{1UL,1UL,0xAF23483287C257D5LL,0UL,18446744073709551615UL,0x9AD61918BD5004E2LL,0xF7C4B89B8029C41ELL,0x40E25F48D79BAAB1LL}},{{0UL,1UL,0xD977A2A0A986CEE9LL,0x73077C1605E73772LL,18446744073709551614UL,1UL,18446744073709551615UL,0x40E25F48D79BAAB1LL},{1UL,0xF7C4B89B8029C41ELL,5UL,0UL,5UL,0x52CF91DAE2EBF165LL,0x03C8E3550220C45CLL,0x56F52260D200B640LL}},{{0xD977A2A0A986CEE9LL,5UL,18446744073709551615UL,18446744073709551615UL,0x53D3BED3CDFEE21ELL,18446744073709551615UL,18446744073709551615UL,5UL},{0x73077C1605E73772LL,0UL,18446744073709551615UL,1UL,0x52CF91DAE2EBF165LL,0xF7C4B89B8029C41ELL,5UL,18446744073709551613UL}},{{18446744073709551614UL,5UL,0x53D3BED3CDFEE21ELL,0x52CF91DAE2EBF165LL,0x73077C1605E73772LL,18446744073709551615UL,5UL,1UL},{1UL,0x52CF91DAE2EBF165LL,18446744073709551615UL,0xF7C4B89B8029C41ELL,18446744073709551615UL,0x03C8E3550220C45CLL,18446744073709551615UL,5UL}},{{18446744073709551615UL,0x03C8E3550220C45CLL,18446744073709551615UL,5UL,5UL,18446744073709551615UL,0x03C8E3550220C45CLL,18446744073709551615UL},{0x40E25F48D79BAAB1LL,0x56F52260D200B640LL,5UL,18446744073709551613UL,1UL,5UL,18446744073709551615UL,0x73077C1605E73772LL}},{{0xAF23483287C257D5LL,18446744073709551615UL,0xD977A2A0A986CEE9LL,1UL,18446744073709551613UL,5UL,0xF7C4B89B8029C41ELL,0x52CF91DAE2EBF165LL},{18446744073709551610UL,0x56F52260D200B640LL,0xAF23483287C257D5LL,0xD977A2A0A986CEE9LL,5UL,18446744073709551615UL,18446744073709551615UL,0x53D3BED3CDFEE21ELL}},{{0x52CF91DAE2EBF165LL,0x03C8E3550220C45CLL,0x56F52260D200B640LL,18446744073709551615UL,0x56F52260D200B640LL,0x03C8E3550220C45CLL,0x52CF91DAE2EBF165LL,5UL},{0xED26CFDE9EE58F13LL,0x52CF91DAE2EBF165LL,18446744073709551610UL,0xAF23483287C257D5LL,0x40E25F48D79BAAB1LL,18446744073709551615UL,0xAF23483287C257D5LL,5UL}},{{18446744073709551615UL,18446744073709551610UL,0x53D3BED3CDFEE21ELL,18446744073709551613UL,18446744073709551615UL,5UL,0xED26CFDE9EE58F13LL,5UL},{0x03C8E3550220C45CLL,1UL,18446744073709551611UL,5UL,0x40E25F48D79BAAB1LL,1UL,0x73077C1605E73772LL,0x73077C1605E73772LL}},{{18446744073709551614UL,18446744073709551615UL,0x56F52260D200B640LL,0x56F52260D200B640LL,18446744073709551615UL,18446744073709551614UL,18446744073709551611UL,0xAF23483287C257D5LL},{0xD977A2A0A986CEE9LL,5UL,0xE2F258BDBF91EB6FLL,0x40E25F48D79BAAB1LL,0x52CF91DAE2EBF165LL,0xAF23483287C257D5LL,0x03C8E3550220C45CLL,0xFFC1F9E2C574D239LL}}};
        const int32_t *l_785 = &g_786;
        const int32_t **l_784 = &l_785;
        int i, j, k;
    }
    (*l_789) = l_788;
    return (*l_789);
}


/* ------------------------------------------ */
/* 
 * reads : g_57 g_58 g_175 g_326 g_327 g_11 g_386 g_65 g_54 g_67 g_139 g_2 g_420 g_56 g_514 g_173 g_391 g_150 g_3 g_6 g_546 g_547 g_269 g_424 g_176 g_417 g_419 g_627 g_640 g_574
 * writes: g_67 g_65 g_54 g_173 g_424 g_386 g_150 g_417 g_139 g_546 g_175 g_3 g_574 g_327 g_269 g_2 g_640
 */
static int8_t  func_40(const int16_t  p_41, const int32_t * p_42)
{ /* block id: 165 */
    int32_t l_438 = 0x6B7294B5L;
    uint32_t *l_444[4][4] = {{&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0]},{&g_176[0][0],&g_56[1],&g_56[1],&g_176[0][0]},{&g_56[1],&g_176[0][0],&g_56[1],&g_56[1]},{&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0]}};
    uint32_t **l_443 = &l_444[2][3];
    int32_t l_461 = 1L;
    int32_t l_463 = 2L;
    int32_t l_465[5][10] = {{(-7L),(-6L),0L,0x91BC73ADL,0L,(-6L),(-7L),(-7L),(-6L),0L},{(-6L),(-7L),(-7L),(-6L),0L,0x91BC73ADL,0L,(-6L),(-7L),(-7L)},{0L,(-7L),(-1L),0x90F93714L,0x90F93714L,(-1L),(-7L),0L,(-7L),(-1L)},{0x91BC73ADL,(-6L),0x90F93714L,(-6L),0x91BC73ADL,(-1L),(-1L),0x91BC73ADL,(-6L),0x90F93714L},{0L,0L,0x90F93714L,0x91BC73ADL,0x6796F03CL,0x91BC73ADL,0x90F93714L,0L,0L,0x90F93714L}};
    uint32_t l_467 = 18446744073709551611UL;
    uint32_t l_472 = 4294967290UL;
    trace_simple(m29, "l_472=%u", l_472); uint8_t *l_479 = &g_424[1][0];
    const int32_t *l_518 = &g_65;
    uint64_t l_541 = 0x4EBF3DD166B52D0BLL;
    uint8_t l_584 = 0xB6L;
    int i, j;
    if ((safe_sub_func_uint64_t_u_u(18446744073709551612UL, 0x03C2ECA8B75B9B0DLL)))
    { /* block id: 166 */
        uint64_t *l_445 = &g_67;
        uint32_t **l_450[6] = {&l_444[3][2],&l_444[3][2],&l_444[2][3],&l_444[3][2],&l_444[3][2],&l_444[2][3]};
        int32_t l_459 = (-6L);
        int32_t l_460[2][8] = {{0xC6BBCF57L,0xC6BBCF57L,(-3L),0xC6BBCF57L,0xC6BBCF57L,(-3L),0xC6BBCF57L,0xC6BBCF57L},{0xFAC7718BL,0xC6BBCF57L,0xFAC7718BL,0xFAC7718BL,0xC6BBCF57L,0xFAC7718BL,0xFAC7718BL,0xC6BBCF57L}};
        int64_t l_489 = (-1L);
        int64_t l_647 = 0x66AE9F17262FBBFCLL;
        int i, j;
        if (((~(l_438 >= (safe_add_func_uint8_t_u_u(p_41, (safe_add_func_uint32_t_u_u((*g_57), p_41)))))) >= ((l_438 | (l_443 == ((((*l_445) = g_175) , ((safe_add_func_int8_t_s_s((safe_add_func_int16_t_s_s((*g_326), ((l_438 > l_438) , l_438))), 8L)) == g_11)) , l_450[3]))) == g_386)))
        { /* block id: 168 */
            for (g_65 = 0; (g_65 < (-19)); g_65 = safe_sub_func_int16_t_s_s(g_65, 6))
            { /* block id: 171 */
                int32_t l_464 = 0xA983C523L;
                int8_t l_470 = 0x94L;
                for (g_54 = 28; (g_54 < 13); --g_54)
                { /* block id: 174 */
                    int32_t l_462 = (-1L);
                    int32_t l_466 = 1L;
                    for (g_67 = 20; (g_67 == 3); g_67 = safe_sub_func_int16_t_s_s(g_67, 1))
                    { /* block id: 177 */
                        int32_t *l_457 = &l_438;
                        int32_t *l_458[3][8][6] = {{{&l_438,&l_438,&g_11,&l_438,&l_438,&l_438},{&l_438,&l_438,&l_438,&l_438,&l_438,&l_438},{(void*)0,&l_438,&g_65,&l_438,&g_65,&l_438},{&g_65,(void*)0,&l_438,&g_11,&g_11,&l_438},{&g_65,&g_65,&g_11,&l_438,&g_3,&l_438},{(void*)0,&g_65,(void*)0,&l_438,&g_11,&g_11},{&l_438,(void*)0,(void*)0,&l_438,&g_65,&l_438},{&l_438,&l_438,&g_11,&l_438,&l_438,&l_438}},{{&l_438,&l_438,&l_438,&l_438,&l_438,&l_438},{(void*)0,&l_438,&g_65,&l_438,&g_65,&l_438},{&g_65,(void*)0,&l_438,&g_11,&g_11,&l_438},{&g_65,&g_65,&g_11,&l_438,&l_438,&l_438},{&l_438,&g_3,&l_438,&g_11,&g_65,&g_65},{(void*)0,&l_438,&l_438,(void*)0,&g_3,&l_438},{&l_438,(void*)0,&g_65,(void*)0,&l_438,&g_11},{(void*)0,&l_438,&g_11,&g_11,&l_438,(void*)0}},{{&l_438,(void*)0,&g_3,&l_438,&g_3,(void*)0},{&g_3,&l_438,&g_11,&g_65,&g_65,&g_11},{&g_3,&g_3,&g_65,&l_438,&l_438,&l_438},{&l_438,&g_3,&l_438,&g_11,&g_65,&g_65},{(void*)0,&l_438,&l_438,(void*)0,&g_3,&l_438},{&l_438,(void*)0,&g_65,(void*)0,&l_438,&g_11},{(void*)0,&l_438,&g_11,&g_11,&l_438,(void*)0},{&l_438,(void*)0,&g_3,&l_438,&g_3,(void*)0}}};
                        int i, j, k;
                        l_467--;
                        if (l_470)
                            break;
                        if (l_438)
                            continue;
                        (*l_457) = (*g_139);
                    }
                }
            }
        }
        else
        { /* block id: 185 */
            int32_t *l_471[3][2];
            int32_t l_482 = 0xDC0288F1L;
            uint16_t *l_490 = &g_173[0];
            uint32_t **l_620 = &l_444[2][2];
            const int8_t *l_622 = (void*)0;
            uint64_t l_646 = 0x71C24A1D15EA2A3DLL;
            uint64_t l_657 = 0xE118D152B5915266LL;
            int i, j;
            for (i = 0; i < 3; i++)
            {
                for (j = 0; j < 2; j++)
                    l_471[i][j] = &l_465[1][5];
            }
            l_472--;
            if ((safe_mul_func_int8_t_s_s(((safe_lshift_func_uint16_t_u_s(0x9331L, (*g_326))) & (l_479 == (void*)0)), (safe_add_func_int32_t_s_s(l_482, (safe_add_func_int8_t_s_s((((((*g_139) = l_460[0][0]) || (safe_add_func_uint16_t_u_u(((*l_490) = ((((2UL ^ 1UL) ^ ((safe_div_func_uint64_t_u_u(0UL, l_438)) && l_489)) | p_41) <= g_2)), 65530UL))) && l_460[1][4]) , (-1L)), p_41)))))))
            { /* block id: 189 */
                int32_t l_491 = (-8L);
                int32_t l_492 = 0x6FFD2F16L;
                int32_t l_493 = 0x1B4D5201L;
                uint8_t l_494[4][10][2] = {{{0x31L,0x4EL},{0x31L,0x31L},{0x89L,255UL},{0x31L,0x89L},{0x31L,255UL},{0x89L,0x31L},{0x31L,0x4EL},{0x31L,0x31L},{0x89L,255UL},{0x31L,0x89L}},{{0x31L,255UL},{0x89L,0x31L},{0x31L,0x4EL},{0x31L,0x31L},{0x89L,255UL},{0x31L,0x89L},{0x31L,255UL},{0x89L,0x31L},{0x31L,0x4EL},{0x31L,0x31L}},{{0x89L,255UL},{0x31L,0x89L},{0x31L,255UL},{0x89L,0x31L},{0x31L,0x4EL},{0x31L,0x31L},{0x89L,255UL},{0x31L,0x89L},{0x31L,255UL},{0x89L,0x31L}},{{0x31L,0x4EL},{0x31L,0x31L},{0x89L,255UL},{0x31L,0x89L},{0x31L,255UL},{0x89L,0x31L},{0x31L,0x4EL},{0x31L,0x31L},{0x89L,255UL},{0x31L,0x89L}}};
                uint8_t *l_535 = (void*)0;
                uint8_t *l_536 = &g_386;
                int8_t *l_542[9] = {&g_417,&g_417,&g_417,&g_417,&g_417,&g_417,&g_417,&g_417,&g_417};
                int i, j, k;
                l_494[0][2][0]++;
                for (l_438 = 4; (l_438 >= 1); l_438 -= 1)
                { /* block id: 193 */
                    uint8_t *l_515 = &g_54;
                    const int32_t *l_517 = &g_11;
                    const int32_t **l_516[8] = {&l_517,&l_517,&l_517,&l_517,&l_517,&l_517,&l_517,&l_517};
                    int i;
                    l_459 = (((p_41 != (safe_sub_func_int32_t_s_s((*p_42), (safe_mul_func_uint8_t_u_u(((*l_515) = (safe_sub_func_int64_t_s_s((l_490 != (((safe_sub_func_uint32_t_u_u(((((((0x49L != (((safe_div_func_uint64_t_u_u(((*l_445) &= 0xE5963A6AC42CAD2FLL), l_494[0][6][1])) , 5UL) == (l_492 &= (l_493 != ((safe_unary_minus_func_uint64_t_u(((safe_sub_func_uint8_t_u_u(((*l_479) = (((*g_139) = (safe_div_func_uint64_t_u_u(g_420, g_56[1]))) >= g_514)), g_173[1])) ^ 4L))) & p_41))))) >= p_41) || (*p_42)) , (*g_391)) > (*g_391)) && l_467), 7UL)) != p_41) , &g_327)), l_459))), (*g_391)))))) >= 0UL) >= l_459);
                    l_518 = p_42;
                    for (l_489 = 4; (l_489 >= 0); l_489 -= 1)
                    { /* block id: 203 */
                        int i, j;
                        l_465[l_438][(l_489 + 5)] |= 1L;
                    }
                trace_simple(m30, "l_482=%d l_491=%d", l_482, l_491); }
                l_460[1][4] ^= (safe_add_func_uint64_t_u_u((g_67 = ((safe_mod_func_int32_t_s_s((((safe_rshift_func_int8_t_s_u((g_417 = (safe_unary_minus_func_uint32_t_u((3L > ((safe_div_func_int16_t_s_s(((g_327 ^ (-9L)) != ((*l_479) = g_420)), (safe_mul_func_int8_t_s_s((((safe_unary_minus_func_int32_t_s(1L)) , (safe_lshift_func_uint8_t_u_s(0x49L, ((*g_391) = (((*l_536)--) && 5L))))) <= l_459), (((((-9L) <= 0xDE5ACD3EL) && l_541) != 0L) , g_3))))) > (*g_139)))))), g_6)) & g_11) <= 3L), (*p_42))) , g_327)), 0xED32739B2E012FC3LL));
            }
            else
            { /* block id: 213 */
                uint32_t l_560 = 4294967287UL;
                const int8_t *l_573 = &g_150;
                const int8_t **l_572 = &l_573;
                int32_t l_598 = 0L;
                uint32_t **l_619 = &l_444[2][3];
                int64_t *l_639 = &l_489;
                int32_t l_648 = 0xF813A901L;
                int32_t l_651 = 0L;
                int32_t l_652 = 0x55D7439AL;
                int32_t l_653 = (-10L);
                int32_t l_654 = 0L;
                int32_t l_655 = 0x00DC684EL;
                int32_t l_656 = 0xAFE4EF1DL;
                for (l_438 = 0; (l_438 == (-5)); l_438 = safe_sub_func_int8_t_s_s(l_438, 2))
                { /* block id: 216 */
                    int32_t **l_545 = &g_139;
                    (*l_545) = &l_461;
                    (*g_547) = g_546;
                    for (g_175 = 0; (g_175 <= 3); g_175 += 1)
                    { /* block id: 221 */
                        volatile int32_t * volatile *l_548 = &g_546;
                        int32_t l_564 = 9L;
                        int32_t l_565[6][2] = {{(-1L),(-9L)},{(-9L),(-1L)},{(-9L),(-9L)},{(-1L),(-9L)},{(-9L),(-1L)},{(-9L),(-9L)}};
                        int i, j;
                        (*l_548) = (*g_547);
                        l_565[3][1] |= (safe_rshift_func_int8_t_s_s(((0xC648L < ((*l_490) = (0x1EB4D9CC52DD41D6LL && ((safe_add_func_int32_t_s_s(0x4DB9CD5BL, ((safe_mod_func_int32_t_s_s(((*g_139) = ((**l_545) , ((safe_add_func_int32_t_s_s(((((!(safe_mod_func_int64_t_s_s((((p_41 >= (l_560 == (safe_div_func_int16_t_s_s(((*g_57) < 0x9AEDBE1AL), (+(((p_41 != 0x6AL) | 1UL) & (*p_42))))))) , (*g_391)) , p_41), 0x866B4AD9BC32F80FLL))) < 0L) ^ 0xCC59DC26L) || g_269), 0x444A98F3L)) , (-1L)))), 0xB5D27EC5L)) , (*g_57)))) , 0x23056B84ABCE252DLL)))) & 0xCAL), l_564));
                    }
                }
                for (l_459 = 0; (l_459 <= 15); ++l_459)
                { /* block id: 230 */
                    for (l_472 = 0; (l_472 <= 1); l_472 += 1)
                    { /* block id: 233 */
                        int i, j;
                        (*g_139) |= (l_460[l_472][(l_472 + 6)] = l_460[l_472][(l_472 + 3)]);
                        l_471[l_472][l_472] = &l_460[l_472][l_472];
                    trace_simple(m31, "l_651=%d l_652=%d l_654=%d", l_651, l_652, l_654); }
                    for (g_3 = 0; (g_3 == (-21)); --g_3)
                    { /* block id: 240 */
                        (*g_139) &= (g_574 = ((safe_add_func_int16_t_s_s((l_572 != (void*)0), p_41)) , (**g_547)));
                    }
                }
                if ((((!(*g_546)) > ((*p_42) <= (safe_mod_func_int64_t_s_s(g_173[0], (safe_lshift_func_uint16_t_u_u((safe_mul_func_int16_t_s_s(((*g_326) = 0xC368L), (safe_sub_func_uint16_t_u_u(((((&g_173[2] != &g_173[0]) , (l_490 != (l_584 , l_490))) < 0x44L) , p_41), g_424[1][0])))), p_41)))))) < p_41))
                { /* block id: 246 */
                    int64_t *l_585 = (void*)0;
                    int64_t *l_586 = &g_175;
                    int32_t *l_591[3][9] = {{&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7]},{(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0,(void*)0},{&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7],&l_465[3][7]}};
                    int32_t **l_592 = (void*)0;
                    int32_t **l_593 = &g_139;
                    int i, j;
                    l_465[1][8] ^= ((((*l_586) = p_41) | ((*l_445) = 3UL)) < ((&l_541 != (void*)0) > (((safe_div_func_uint8_t_u_u((safe_lshift_func_uint16_t_u_u(g_176[0][0], (l_591[2][0] == ((*l_593) = (void*)0)))), ((safe_add_func_int16_t_s_s(l_489, (g_3 <= p_41))) || p_41))) , p_41) <= 5L)));
                    trace_simple(m32, "l_652=%d l_655=%d l_656=%d", l_652, l_655, l_656); p_42 = &l_460[1][4];
                }
                else
                { /* block id: 252 */
                    trace_simple(m33, "l_651=%d l_652=%d l_655=%d", l_651, l_652, l_655); int32_t l_597 = 0x485E7848L;
                    int32_t l_632 = 1L;
                    int64_t *l_638[7][8];
                    const int32_t ***l_641[4][7] = {{&g_640[2][2][5],&g_640[6][1][4],&g_640[6][4][4],&g_640[6][1][4],&g_640[0][2][0],(void*)0,&g_640[3][3][2]},{&g_640[2][2][5],&g_640[6][1][4],&g_640[5][0][3],&g_640[6][4][4],&g_640[5][0][3],&g_640[6][1][4],&g_640[2][2][5]},{&g_640[3][3][2],(void*)0,&g_640[0][2][0],&g_640[6][1][4],&g_640[6][4][4],&g_640[6][1][4],&g_640[2][2][5]},{&g_640[6][4][4],&g_640[2][2][5],&g_640[6][1][4],&g_640[6][1][4],&g_640[2][2][5],&g_640[6][4][4],&g_640[3][3][2]}};
                    int32_t l_649 = 0xD31E00E8L;
                    int32_t l_650[2][7][10] = {{{8L,8L,(-8L),0xEE6C72ABL,0x4D91D4A0L,(-8L),0x4D91D4A0L,0xEE6C72ABL,(-8L),8L},{0x4D91D4A0L,0x59C6B736L,9L,0x4D91D4A0L,1L,1L,0x4D91D4A0L,9L,0x59C6B736L,0x4D91D4A0L},{9L,8L,0x59C6B736L,1L,8L,1L,0x59C6B736L,8L,9L,9L},{0x4D91D4A0L,0xEE6C72ABL,(-8L),8L,8L,(-8L),0xEE6C72ABL,0x4D91D4A0L,(-8L),0x4D91D4A0L},{8L,0x59C6B736L,1L,8L,1L,0x59C6B736L,8L,9L,9L,8L},{9L,0x4D91D4A0L,1L,1L,0x4D91D4A0L,9L,0x59C6B736L,0x4D91D4A0L,0x59C6B736L,9L},{0xEE6C72ABL,0x4D91D4A0L,(-8L),0x4D91D4A0L,0xEE6C72ABL,(-8L),8L,8L,(-8L),0xEE6C72ABL}},{{0xEE6C72ABL,0x59C6B736L,0x59C6B736L,0xEE6C72ABL,1L,9L,0xEE6C72ABL,9L,1L,0xEE6C72ABL},{9L,0xEE6C72ABL,9L,1L,0xEE6C72ABL,0x59C6B736L,0x59C6B736L,0xEE6C72ABL,1L,9L},{8L,8L,(-8L),0xEE6C72ABL,0x4D91D4A0L,(-8L),0x4D91D4A0L,0xEE6C72ABL,(-8L),8L},{0x4D91D4A0L,0x59C6B736L,9L,0x4D91D4A0L,1L,1L,0x4D91D4A0L,9L,0x59C6B736L,0x4D91D4A0L},{9L,8L,0x59C6B736L,1L,8L,1L,0x59C6B736L,8L,9L,9L},{0x4D91D4A0L,0xEE6C72ABL,(-8L),8L,8L,(-8L),0xEE6C72ABL,0x4D91D4A0L,(-8L),0x4D91D4A0L},{8L,0x59C6B736L,1L,8L,1L,0x59C6B736L,8L,9L,9L,8L}}};
                    int i, j, k;
                    for (i = 0; i < 7; i++)
                    {
                        for (j = 0; j < 8; j++)
                            l_638[i][j] = (void*)0;
                    }
                    for (g_269 = 0; (g_269 <= 2); g_269 += 1)
                    { /* block id: 255 */
                        const int32_t **l_596 = &l_518;
                        int i;
                        if (g_173[g_269])
                            break;
                        (*l_596) = p_42;
                        (*g_546) = 1L;
                        if ((*p_42))
                            break;
                    }
                    if ((*g_139))
                    { /* block id: 261 */
                        uint64_t l_599 = 0x064EB7C534B82F9FLL;
                        uint8_t *l_612[9][10] = {{&l_584,&g_386,&l_584,&l_584,&g_54,&l_584,&l_584,&g_54,&l_584,(void*)0},{&l_584,&l_584,(void*)0,&g_54,&g_386,&g_54,(void*)0,&l_584,&l_584,(void*)0},{&l_584,&g_54,&l_584,&l_584,&g_54,&l_584,(void*)0,&l_584,&g_54,&l_584},{&l_584,&l_584,&l_584,&l_584,(void*)0,(void*)0,&l_584,&l_584,&l_584,&l_584},{&l_584,&l_584,&l_584,&g_54,&l_584,&l_584,&l_584,&l_584,&l_584,&l_584},{&l_584,&l_584,&l_584,&l_584,&l_584,&g_54,&l_584,&l_584,&l_584,&l_584},{&l_584,&l_584,&l_584,(void*)0,(void*)0,&l_584,&l_584,&l_584,&l_584,&l_584},{&g_54,&l_584,(void*)0,&l_584,&g_54,&l_584,&l_584,&g_54,&l_584,(void*)0},{&l_584,&l_584,(void*)0,&g_54,&g_386,&g_54,(void*)0,&l_584,&l_584,(void*)0}};
                        int32_t l_613 = (-1L);
                        int i, j;
                        l_599--;
                        (*g_139) = (safe_lshift_func_uint8_t_u_u((8L | (safe_add_func_uint32_t_u_u((((safe_add_func_int8_t_s_s((safe_rshift_func_int16_t_s_s(((*g_326) ^= (safe_sub_func_uint8_t_u_u((l_613 &= ((*l_479) = p_41)), (p_41 == (((((safe_rshift_func_int16_t_s_u(((l_598 & ((l_463 = ((l_597 & (safe_unary_minus_func_uint8_t_u(p_41))) >= (*l_518))) , ((safe_sub_func_int32_t_s_s((l_619 == l_620), 0L)) == g_420))) ^ (*g_139)), 12)) >= p_41) & (*l_518)) , l_597) | p_41))))), 1)), l_599)) >= g_176[0][0]) > 0UL), (*p_42)))), g_417));
                    }
                    else
                    { /* block id: 268 */
                        int64_t l_621 = 0xC69A027A2F01044DLL;
                        int32_t **l_634 = &g_139;
                        (*g_139) = (((((p_41 >= ((*l_445) ^= l_460[1][4])) , (l_621 , ((g_419 , (*g_57)) , (*l_572)))) != (l_622 = l_479)) >= (safe_add_func_uint8_t_u_u(0xB9L, ((*l_479)--)))) > 0x1D51L);
                        (*g_627) = &l_438;
                        l_632 |= (!(!(safe_rshift_func_int8_t_s_s(p_41, 5))));
                        (*l_634) = (*g_627);
                    }
                    l_459 |= (~((((safe_add_func_int8_t_s_s(((*g_391) = ((l_638[6][4] != l_639) == (&g_327 == &p_41))), (p_41 >= ((*l_490) = ((((g_640[4][4][1] = g_640[6][1][4]) == &p_42) , ((safe_rshift_func_int8_t_s_s(((((((((((safe_mod_func_uint32_t_u_u((*g_57), (l_598 &= 4294967295UL))) <= 0x8B850916L) ^ (*l_518)) || (*l_518)) == g_574) , l_460[1][4]) != l_646) == p_41) > (*l_518)) <= 0x79A42E18L), p_41)) <= l_647)) ^ p_41))))) | g_175) , p_41) , 0xA5EF8C594E2C58FALL));
                    l_657--;
                }
            }
            for (g_150 = 0; (g_150 <= (-15)); g_150--)
            { /* block id: 287 */
                trace_simple(m34, "l_459=%d l_489=%ld l_657=%lu", l_459, l_489, l_657); int32_t **l_662 = &l_471[0][0];
                (*l_662) = (*g_627);
            }
        }
    }
    else
    { /* block id: 291 */
        uint32_t **l_663 = &l_444[2][3];
        uint32_t ***l_664 = &l_663;
        uint32_t ***l_665 = &l_443;
        const int32_t l_666 = 0x535CE805L;
        (*l_665) = ((*l_664) = l_663);
        (*g_139) = (l_666 || p_41);
    }
    return (*g_391);
}


/* ------------------------------------------ */
/* 
 * reads : g_6 g_2 g_56 g_54 g_57 g_58 g_326 g_327 g_391 g_139 g_65 g_269
 * writes: g_6 g_54 g_326 g_327 g_150 g_65
 */
static uint16_t  func_45(int16_t  p_46, int32_t * p_47, uint32_t  p_48, uint32_t  p_49)
{ /* block id: 16 */
    uint8_t l_75 = 0x40L;
    int16_t *l_432 = &g_327;
    int16_t **l_433 = &g_326;
    (*p_47) |= (p_47 != &g_58);
    (*p_47) &= (-9L);
    (*g_139) ^= (((*g_391) = (safe_mul_func_int16_t_s_s(((*l_432) = ((((void*)0 != p_47) == (safe_lshift_func_int16_t_s_s(l_75, 6))) && (safe_unary_minus_func_int8_t_s((((*p_47) , g_2) || func_77(func_81(p_47, p_49), (((~(((*l_433) = l_432) == &g_327)) == 1UL) >= 0xF4E6L), p_49)))))), p_46))) | p_46);
    return g_269;
}


/* ------------------------------------------ */
/* 
 * reads : g_326 g_327
 * writes:
 */
static int16_t  func_77(const uint32_t  p_78, uint32_t  p_79, const uint16_t  p_80)
{ /* block id: 159 */
    return (*g_326);
}


/* ------------------------------------------ */
/* 
 * reads : g_6 g_56 g_54 g_57 g_58
 * writes: g_6 g_54
 */
static uint32_t  func_81(uint32_t * p_82, int32_t  p_83)
{ /* block id: 19 */
    int16_t l_95 = 0x7B93L;
    int32_t l_97 = (-1L);
    int32_t *l_102 = &l_97;
    uint64_t *l_152[7][1] = {{&g_67},{&g_67},{&g_67},{&g_67},{&g_67},{&g_67},{&g_67}};
    int32_t *l_153[10][3] = {{(void*)0,&g_65,&g_65},{&g_65,&g_65,&g_3},{&g_3,&g_65,&g_65},{&g_3,&g_6,(void*)0},{&g_3,&g_11,&g_3},{&g_65,&g_3,(void*)0},{(void*)0,(void*)0,&g_65},{&l_97,&g_3,&g_3},{&g_65,&g_11,&g_65},{&l_97,&g_6,&l_97}};
    uint64_t l_163[2][10] = {{0x90C49C4B2C92A46FLL,0x90C49C4B2C92A46FLL,0x95D16D180367A8BFLL,0x90C49C4B2C92A46FLL,0x90C49C4B2C92A46FLL,0x95D16D180367A8BFLL,0x90C49C4B2C92A46FLL,0x90C49C4B2C92A46FLL,0x95D16D180367A8BFLL,0x90C49C4B2C92A46FLL},{0x90C49C4B2C92A46FLL,0x271B26D052D8D885LL,0x271B26D052D8D885LL,0x90C49C4B2C92A46FLL,0x271B26D052D8D885LL,0x271B26D052D8D885LL,0x90C49C4B2C92A46FLL,0x271B26D052D8D885LL,0x271B26D052D8D885LL,0x90C49C4B2C92A46FLL}};
    int16_t l_207 = 0x3243L;
    int16_t l_223 = 0x08AEL;
    uint32_t *l_239[8][8] = {{&g_176[0][0],(void*)0,&g_176[0][0],(void*)0,&g_176[0][0],(void*)0,&g_176[0][0],&g_56[1]},{&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_56[1],&g_56[1],&g_56[1],&g_56[1],(void*)0},{&g_56[1],&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_56[1]},{&g_56[1],&g_176[0][0],&g_176[0][0],&g_56[1],(void*)0,&g_176[0][0],&g_176[1][0],&g_176[0][0]},{&g_176[2][0],&g_56[1],(void*)0,(void*)0,&g_56[1],&g_176[0][0],&g_56[1],(void*)0},{&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_176[0][0],&g_56[1],&g_176[0][0]},{&g_56[1],&g_56[1],&g_56[1],(void*)0,&g_176[1][0],&g_176[0][0],&g_56[1],&g_56[1]},{&g_56[1],&g_56[1],&g_176[0][0],&g_176[0][0],&g_56[1],&g_56[1],&g_176[0][0],(void*)0}};
    uint32_t **l_238[1][4] = {{&l_239[1][3],&l_239[1][3],&l_239[1][3],&l_239[1][3]}};
    uint32_t l_329[9][8][3] = {{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}},{{0xD9B5BCDBL,0x8A498CEFL,0xA4747B00L},{2UL,18446744073709551610UL,0x021F33E9L},{0x4EC64AD3L,0xE4159E7BL,0x4EC64AD3L},{2UL,0x021F33E9L,0x79999DE0L},{0xD9B5BCDBL,0xE4159E7BL,0xA4747B00L},{18446744073709551610UL,18446744073709551610UL,0x79999DE0L},{0x4EC64AD3L,0x8A498CEFL,0x4EC64AD3L},{18446744073709551610UL,0x021F33E9L,0x021F33E9L}}};
    uint16_t l_330 = 0x5703L;
    uint16_t l_368 = 0x472FL;
    int64_t l_415 = (-7L);
    int i, j, k;
    for (g_6 = (-12); (g_6 != 10); g_6++)
    { /* block id: 22 */
        int32_t l_88 = 0xB8F5B6EFL;
        uint64_t *l_93 = &g_67;
        uint64_t *l_94 = &g_67;
        int32_t *l_96[1];
        int i;
        for (i = 0; i < 1; i++)
            l_96[i] = &g_65;
        l_97 = (((((safe_sub_func_int16_t_s_s(0x7C03L, ((l_88 , (&g_67 == (void*)0)) > (safe_mod_func_uint32_t_u_u((((safe_mod_func_uint8_t_u_u(p_83, (((l_93 = (void*)0) == l_94) | 0xC2E3979DL))) , &g_67) == l_94), 0xF1929B4DL))))) > p_83) , p_82) == (void*)0) && l_95);
    }
    (*l_102) |= (safe_sub_func_int32_t_s_s(0xF8F04B74L, (g_6 & (safe_rshift_func_int8_t_s_s(((p_83 ^ g_56[1]) ^ 0xACL), 3)))));
    for (g_54 = (-22); (g_54 > 6); g_54++)
    { /* block id: 29 */
        int32_t *l_116 = &g_3;
        int32_t *l_117 = (void*)0;
        trace_simple(m35, ""); uint32_t *l_146 = &g_56[0];
        uint32_t **l_145 = &l_146;
        int32_t **l_147[6] = {(void*)0,&l_117,&l_117,(void*)0,&l_117,&l_117};
        int32_t l_192 = 0x87E2E248L;
        trace_simple(m36, ""); const int16_t *l_237 = &l_223;
        uint16_t l_335 = 1UL;
        uint16_t l_369 = 0UL;
        uint64_t *l_405 = &l_163[1][7];
        int i;
    }
    l_153[7][0] = p_82;
    return (*g_57);
}




/* ---------------------------------------- */
int main (int argc, char* argv[])
{
    trace_simple(m37, "argc=%d", argc); int i, j, k;
    trace_simple(m38, "argc=%d", argc); int print_hash_value = 0;
    trace_simple(m39, "argc=%d print_hash_value=%d", argc, print_hash_value); if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    trace_simple(m40, "argc=%d print_hash_value=%d", argc, print_hash_value); platform_main_begin();
    trace_simple(m41, "argc=%d print_hash_value=%d", argc, print_hash_value); crc32_gentab();
    trace_simple(m42, ""); func_1();
    trace_simple(m43, ""); transparent_crc(g_2, "g_2", print_hash_value);
    trace_simple(m44, "argc=%d", argc); transparent_crc(g_3, "g_3", print_hash_value);
    trace_simple(m45, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_6, "g_6", print_hash_value);
    trace_simple(m46, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_11, "g_11", print_hash_value);
    transparent_crc(g_54, "g_54", print_hash_value);
    trace_simple(m47, "argc=%d print_hash_value=%d", argc, print_hash_value); for (i = 0; i < 2; i++)
    {
        transparent_crc(g_56[i], "g_56[i]", print_hash_value);
        trace_simple(m48, "argc=%d print_hash_value=%d", argc, print_hash_value); if (print_hash_value) printf("index = [%d]\n", i);

    }
    trace_simple(m49, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_58, "g_58", print_hash_value);
    trace_simple(m50, "print_hash_value=%d", print_hash_value); transparent_crc(g_65, "g_65", print_hash_value);
    transparent_crc(g_67, "g_67", print_hash_value);
    trace_simple(m51, ""); transparent_crc(g_150, "g_150", print_hash_value);
    trace_simple(m52, ""); for (i = 0; i < 3; i++)
    {
        transparent_crc(g_173[i], "g_173[i]", print_hash_value);
        trace_simple(m53, "print_hash_value=%d", print_hash_value); if (print_hash_value) printf("index = [%d]\n", i);

    trace_simple(m54, "argc=%d print_hash_value=%d", argc, print_hash_value); }
    trace_simple(m55, ""); transparent_crc(g_175, "g_175", print_hash_value);
    trace_simple(m56, ""); for (i = 0; i < 3; i++)
    {
        trace_simple(m57, ""); for (j = 0; j < 1; j++)
        {
            trace_simple(m58, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_176[i][j], "g_176[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        trace_simple(m59, ""); }
    trace_simple(m60, "print_hash_value=%d", print_hash_value); }
    trace_simple(m61, ""); transparent_crc(g_269, "g_269", print_hash_value);
    trace_simple(m62, "argc=%d", argc); transparent_crc(g_327, "g_327", print_hash_value);
    trace_simple(m63, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_386, "g_386", print_hash_value);
    trace_simple(m64, ""); transparent_crc(g_417, "g_417", print_hash_value);
    trace_simple(m65, "print_hash_value=%d", print_hash_value); transparent_crc(g_419, "g_419", print_hash_value);
    trace_simple(m66, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_420, "g_420", print_hash_value);
    for (i = 0; i < 6; i++)
    {
        trace_simple(m67, "argc=%d print_hash_value=%d", argc, print_hash_value); for (j = 0; j < 2; j++)
        {
            trace_simple(m68, ""); transparent_crc(g_424[i][j], "g_424[i][j]", print_hash_value);
            trace_simple(m69, ""); if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        trace_simple(m70, "print_hash_value=%d", print_hash_value); }
    trace_simple(m71, "argc=%d print_hash_value=%d", argc, print_hash_value); }
    trace_simple(m72, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_514, "g_514", print_hash_value);
    transparent_crc(g_574, "g_574", print_hash_value);
    trace_simple(m73, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_701, "g_701", print_hash_value);
    trace_simple(m74, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_771, "g_771", print_hash_value);
    trace_simple(m75, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_773, "g_773", print_hash_value);
    trace_simple(m76, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_783, "g_783", print_hash_value);
    trace_simple(m77, ""); transparent_crc(g_786, "g_786", print_hash_value);
    trace_simple(m78, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_828, "g_828", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        transparent_crc(g_839[i], "g_839[i]", print_hash_value);
        trace_simple(m79, ""); if (print_hash_value) printf("index = [%d]\n", i);

    trace_simple(m80, "argc=%d print_hash_value=%d", argc, print_hash_value); }
    trace_simple(m81, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_894, "g_894", print_hash_value);
    trace_simple(m82, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_1145, "g_1145", print_hash_value);
    trace_simple(m83, "argc=%d print_hash_value=%d", argc, print_hash_value); for (i = 0; i < 2; i++)
    {
        trace_simple(m84, ""); transparent_crc(g_1241[i], "g_1241[i]", print_hash_value);
        trace_simple(m85, "argc=%d print_hash_value=%d", argc, print_hash_value); if (print_hash_value) printf("index = [%d]\n", i);

    trace_simple(m86, "argc=%d print_hash_value=%d", argc, print_hash_value); }
    for (i = 0; i < 9; i++)
    {
        trace_simple(m87, "argc=%d", argc); for (j = 0; j < 3; j++)
        {
            trace_simple(m88, "argc=%d print_hash_value=%d", argc, print_hash_value); for (k = 0; k < 1; k++)
            {
                transparent_crc(g_1281[i][j][k], "g_1281[i][j][k]", print_hash_value);
                trace_simple(m89, "argc=%d print_hash_value=%d", argc, print_hash_value); if (print_hash_value) printf("index = [%d][%d][%d]\n", i, j, k);

            }
        trace_simple(m90, "argc=%d print_hash_value=%d", argc, print_hash_value); }
    trace_simple(m91, "print_hash_value=%d", print_hash_value); }
    trace_simple(m92, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_1284, "g_1284", print_hash_value);
    trace_simple(m93, ""); for (i = 0; i < 7; i++)
    {
        trace_simple(m94, "argc=%d print_hash_value=%d", argc, print_hash_value); for (j = 0; j < 3; j++)
        {
            for (k = 0; k < 2; k++)
            {
                transparent_crc(g_1325[i][j][k], "g_1325[i][j][k]", print_hash_value);
                if (print_hash_value) printf("index = [%d][%d][%d]\n", i, j, k);

            }
        trace_simple(m95, "argc=%d print_hash_value=%d", argc, print_hash_value); }
    trace_simple(m96, "argc=%d print_hash_value=%d", argc, print_hash_value); }
    trace_simple(m97, "argc=%d print_hash_value=%d", argc, print_hash_value); transparent_crc(g_1389, "g_1389", print_hash_value);
    trace_simple(m98, "argc=%d print_hash_value=%d", argc, print_hash_value); platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    trace_simple(m99, ""); return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 348
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 0
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 0
breakdown:
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 0
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 0
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 0

XXX max expression depth: 31
breakdown:
   depth: 1, occurrence: 146
   depth: 2, occurrence: 47
   depth: 4, occurrence: 3
   depth: 5, occurrence: 1
   depth: 6, occurrence: 1
   depth: 8, occurrence: 1
   depth: 12, occurrence: 1
   depth: 13, occurrence: 1
   depth: 14, occurrence: 2
   depth: 15, occurrence: 1
   depth: 16, occurrence: 3
   depth: 18, occurrence: 2
   depth: 19, occurrence: 2
   depth: 20, occurrence: 2
   depth: 21, occurrence: 1
   depth: 24, occurrence: 1
   depth: 25, occurrence: 1
   depth: 26, occurrence: 3
   depth: 27, occurrence: 4
   depth: 28, occurrence: 2
   depth: 29, occurrence: 1
   depth: 31, occurrence: 1

XXX total number of pointers: 336

XXX times a variable address is taken: 869
XXX times a pointer is dereferenced on RHS: 209
breakdown:
   depth: 1, occurrence: 189
   depth: 2, occurrence: 15
   depth: 3, occurrence: 5
XXX times a pointer is dereferenced on LHS: 210
breakdown:
   depth: 1, occurrence: 196
   depth: 2, occurrence: 13
   depth: 3, occurrence: 1
XXX times a pointer is compared with null: 31
XXX times a pointer is compared with address of another variable: 9
XXX times a pointer is compared with another pointer: 14
XXX times a pointer is qualified to be dereferenced: 3757

XXX max dereference level: 4
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 783
   level: 2, occurrence: 116
   level: 3, occurrence: 39
   level: 4, occurrence: 4
XXX number of pointers point to pointers: 147
XXX number of pointers point to scalars: 189
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 33.3
XXX average alias set size: 1.47

XXX times a non-volatile is read: 1160
XXX times a non-volatile is write: 613
XXX times a volatile is read: 110
XXX    times read thru a pointer: 34
XXX times a volatile is write: 24
XXX    times written thru a pointer: 7
XXX times a volatile is available for access: 638
XXX percentage of non-volatile access: 93

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 149
XXX max block depth: 5
breakdown:
   depth: 0, occurrence: 33
   depth: 1, occurrence: 28
   depth: 2, occurrence: 20
   depth: 3, occurrence: 21
   depth: 4, occurrence: 25
   depth: 5, occurrence: 22

XXX percentage a fresh-made variable is used: 18.8
XXX percentage an existing variable is used: 81.2
********************* end of statistics **********************/

