/* sp-score-titles.c: the fan/台/番 items' names as a person reads them in the UI's language.
 * The scorers name every item exactly as the ruleset's table writes it (MCR in simplified
 * characters, Taiwan in traditional); these are the English names (for MCR the EMA's), marked
 * for translation so that zh_CN shows them in simplified and zh_TW in traditional characters.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-rules-private.h"

/* Each item's name as the scorer writes it, and its English title, translated in the context
 * of its ruleset (SpRulesetClass.item_title_context): the same English name may stand for
 * different items in two rulesets (Taiwan's "Last Tile Draw" is 海底撈月, MCR's is 妙手回春). */

/* MCR, the fan table of rules/mcr.md §7 in table order, with the EMA's English names. */
const SpItemTitle sp_mcr_item_titles[] = {
  { "大四喜", NC_("MCR fan", "Big Four Winds") },
  { "大三元", NC_("MCR fan", "Big Three Dragons") },
  { "绿一色", NC_("MCR fan", "All Green") },
  { "九莲宝灯", NC_("MCR fan", "Nine Gates") },
  { "四杠", NC_("MCR fan", "Four Kongs") },
  { "连七对", NC_("MCR fan", "Seven Shifted Pairs") },
  { "十三幺", NC_("MCR fan", "Thirteen Orphans") },
  { "清幺九", NC_("MCR fan", "All Terminals") },
  { "小四喜", NC_("MCR fan", "Little Four Winds") },
  { "小三元", NC_("MCR fan", "Little Three Dragons") },
  { "字一色", NC_("MCR fan", "All Honors") },
  { "四暗刻", NC_("MCR fan", "Four Concealed Pungs") },
  { "一色双龙会", NC_("MCR fan", "Pure Terminal Chows") },
  { "一色四同顺", NC_("MCR fan", "Quadruple Chow") },
  { "一色四节高", NC_("MCR fan", "Four Pure Shifted Pungs") },
  { "一色四步高", NC_("MCR fan", "Four Pure Shifted Chows") },
  { "三杠", NC_("MCR fan", "Three Kongs") },
  { "混幺九", NC_("MCR fan", "All Terminals and Honors") },
  { "七对", NC_("MCR fan", "Seven Pairs") },
  { "七星不靠", NC_("MCR fan", "Greater Honors and Knitted Tiles") },
  { "全双刻", NC_("MCR fan", "All Even Pungs") },
  { "清一色", NC_("MCR fan", "Full Flush") },
  { "一色三同顺", NC_("MCR fan", "Pure Triple Chow") },
  { "一色三节高", NC_("MCR fan", "Pure Shifted Pungs") },
  { "全大", NC_("MCR fan", "Upper Tiles") },
  { "全中", NC_("MCR fan", "Middle Tiles") },
  { "全小", NC_("MCR fan", "Lower Tiles") },
  { "清龙", NC_("MCR fan", "Pure Straight") },
  { "三色双龙会", NC_("MCR fan", "Three-Suited Terminal Chows") },
  { "一色三步高", NC_("MCR fan", "Pure Shifted Chows") },
  { "全带五", NC_("MCR fan", "All Fives") },
  { "三同刻", NC_("MCR fan", "Triple Pung") },
  { "三暗刻", NC_("MCR fan", "Three Concealed Pungs") },
  { "全不靠", NC_("MCR fan", "Lesser Honors and Knitted Tiles") },
  { "组合龙", NC_("MCR fan", "Knitted Straight") },
  { "大于五", NC_("MCR fan", "Upper Four") },
  { "小于五", NC_("MCR fan", "Lower Four") },
  { "三风刻", NC_("MCR fan", "Big Three Winds") },
  { "花龙", NC_("MCR fan", "Mixed Straight") },
  { "推不倒", NC_("MCR fan", "Reversible Tiles") },
  { "三色三同顺", NC_("MCR fan", "Mixed Triple Chow") },
  { "三色三节高", NC_("MCR fan", "Mixed Shifted Pungs") },
  { "无番和", NC_("MCR fan", "Chicken Hand") },
  { "妙手回春", NC_("MCR fan", "Last Tile Draw") },
  { "海底捞月", NC_("MCR fan", "Last Tile Claim") },
  { "杠上开花", NC_("MCR fan", "Out with Replacement Tile") },
  { "抢杠和", NC_("MCR fan", "Robbing the Kong") },
  { "碰碰和", NC_("MCR fan", "All Pungs") },
  { "混一色", NC_("MCR fan", "Half Flush") },
  { "三色三步高", NC_("MCR fan", "Mixed Shifted Chows") },
  { "五门齐", NC_("MCR fan", "All Types") },
  { "全求人", NC_("MCR fan", "Melded Hand") },
  { "双暗杠", NC_("MCR fan", "Two Concealed Kongs") },
  { "双箭刻", NC_("MCR fan", "Two Dragon Pungs") },
  { "全带幺", NC_("MCR fan", "Outside Hand") },
  { "不求人", NC_("MCR fan", "Fully Concealed Hand") },
  { "双明杠", NC_("MCR fan", "Two Melded Kongs") },
  { "和绝张", NC_("MCR fan", "Last Tile") },
  { "箭刻", NC_("MCR fan", "Dragon Pung") },
  { "圈风刻", NC_("MCR fan", "Prevalent Wind") },
  { "门风刻", NC_("MCR fan", "Seat Wind") },
  { "门前清", NC_("MCR fan", "Concealed Hand") },
  { "平和", NC_("MCR fan", "All Chows") },
  { "四归一", NC_("MCR fan", "Tile Hog") },
  { "双同刻", NC_("MCR fan", "Double Pung") },
  { "双暗刻", NC_("MCR fan", "Two Concealed Pungs") },
  { "暗杠", NC_("MCR fan", "Concealed Kong") },
  { "断幺", NC_("MCR fan", "All Simples") },
  { "一般高", NC_("MCR fan", "Pure Double Chow") },
  { "喜相逢", NC_("MCR fan", "Mixed Double Chow") },
  { "连六", NC_("MCR fan", "Short Straight") },
  { "老少副", NC_("MCR fan", "Two Terminal Chows") },
  { "幺九刻", NC_("MCR fan", "Pung of Terminals or Honors") },
  { "明杠", NC_("MCR fan", "Melded Kong") },
  { "缺一门", NC_("MCR fan", "One Voided Suit") },
  { "无字", NC_("MCR fan", "No Honors") },
  { "边张", NC_("MCR fan", "Edge Wait") },
  { "坎张", NC_("MCR fan", "Closed Wait") },
  { "单钓将", NC_("MCR fan", "Single Wait") },
  { "自摸", NC_("MCR fan", "Self-Drawn") },
  { "明暗杠", NC_("MCR fan", "Concealed and Melded Kong") },
  { "天和", NC_("MCR fan", "Heavenly Hand") },
  { "地和", NC_("MCR fan", "Earthly Hand") },
  { "人和", NC_("MCR fan", "Humanly Hand") },
  { "花牌", NC_("MCR fan", "Flower Tiles") },
  { NULL, NULL },
};

/* Taiwan, in traditional characters as rules/taiwan.md writes them. */
const SpItemTitle sp_taiwan_item_titles[] = {
  { "門清", NC_("Taiwan tai", "Concealed Hand") },
  { "不求", NC_("Taiwan tai", "Fully Concealed Self-Draw") },
  { "全求", NC_("Taiwan tai", "Melded Hand") },
  { "半求", NC_("Taiwan tai", "Half Melded Self-Draw") },
  { "門風", NC_("Taiwan tai", "Seat Wind") },
  { "圈風", NC_("Taiwan tai", "Prevalent Wind") },
  { "三元牌", NC_("Taiwan tai", "Dragon Pung") },
  { "正花", NC_("Taiwan tai", "Seat Flower") },
  { "花槓", NC_("Taiwan tai", "Flower Kong") },
  { "平胡", NC_("Taiwan tai", "All Chows") },
  { "碰碰胡", NC_("Taiwan tai", "All Pungs") },
  { "五暗刻", NC_("Taiwan tai", "Five Concealed Pungs") },
  { "天胡", NC_("Taiwan tai", "Heavenly Hand") },
  { "地胡", NC_("Taiwan tai", "Earthly Hand") },
  { "人胡", NC_("Taiwan tai", "Humanly Hand") },
  { "天聽", NC_("Taiwan tai", "Ready at the Deal") },
  { "地聽", NC_("Taiwan tai", "Ready on the First Draw") },
  { "八仙過海", NC_("Taiwan tai", "Eight Immortals Crossing the Sea") },
  { "七搶一", NC_("Taiwan tai", "Seven Robbing One") },
  { "四槓牌", NC_("Taiwan tai", "Four Kongs") },
  { "邊張", NC_("Taiwan tai", "Edge Wait") },
  { "中洞", NC_("Taiwan tai", "Closed Wait") },
  { "單吊", NC_("Taiwan tai", "Single Wait") },
  { "搶槓", NC_("Taiwan tai", "Robbing the Kong") },
  { "槓上開花", NC_("Taiwan tai", "Out with Replacement Tile") },
  { "海底撈月", NC_("Taiwan tai", "Last Tile Draw") },
  { "河底撈魚", NC_("Taiwan tai", "Last Tile Claim") },
  { "莊家", NC_("Taiwan tai", "Dealer") },
  { "連莊", NC_("Taiwan tai", "Dealer's Streak") },
  { "拉莊", NC_("Taiwan tai", "Streak Bonus") },
  { NULL, NULL },
};

/* Guangdong, in simplified characters as rules/guangdong.md writes them; the items it shares
 * with MCR take MCR's titles. */
const SpItemTitle sp_guangdong_item_titles[] = {
  { "鸡糊", NC_("Guangdong fan", "Chicken Hand") },
  { "鸡胡", NC_("Guangdong fan", "Chicken Hand") },
  { "混碰", NC_("Guangdong fan", "Half Flush All Pungs") },
  { "清碰", NC_("Guangdong fan", "Full Flush All Pungs") },
  { "风牌刻", NC_("Guangdong fan", "Wind Pung") },
  { NULL, NULL },
};


/* Riichi, the yaku of rules/riichi.md §2/§3 by their keys, with their usual English names. */
const SpItemTitle sp_riichi_item_titles[] = {
  { "riichi", NC_("Riichi yaku", "Riichi") },
  { "double riichi", NC_("Riichi yaku", "Double Riichi") },
  { "ippatsu", NC_("Riichi yaku", "Ippatsu (One Shot)") },
  { "menzen tsumo", NC_("Riichi yaku", "Menzen Tsumo (Concealed Self-Draw)") },
  { "pinfu", NC_("Riichi yaku", "Pinfu (No Points)") },
  { "iipeikou", NC_("Riichi yaku", "Iipeikou (Pure Double Chow)") },
  { "tanyao", NC_("Riichi yaku", "Tanyao (All Simples)") },
  { "haku", NC_("Riichi yaku", "Haku (White Dragon)") },
  { "hatsu", NC_("Riichi yaku", "Hatsu (Green Dragon)") },
  { "chun", NC_("Riichi yaku", "Chun (Red Dragon)") },
  { "seat wind", NC_("Riichi yaku", "Seat Wind") },
  { "round wind", NC_("Riichi yaku", "Round Wind") },
  { "rinshan kaihou", NC_("Riichi yaku", "Rinshan Kaihou (After a Kong)") },
  { "chankan", NC_("Riichi yaku", "Chankan (Robbing a Kong)") },
  { "haitei", NC_("Riichi yaku", "Haitei (Last Tile Draw)") },
  { "houtei", NC_("Riichi yaku", "Houtei (Last Discard)") },
  { "sanshoku", NC_("Riichi yaku", "Sanshoku (Mixed Triple Chow)") },
  { "ittsu", NC_("Riichi yaku", "Ittsu (Pure Straight)") },
  { "chanta", NC_("Riichi yaku", "Chanta (Outside Hand)") },
  { "chiitoitsu", NC_("Riichi yaku", "Chiitoitsu (Seven Pairs)") },
  { "toitoi", NC_("Riichi yaku", "Toitoi (All Pungs)") },
  { "sanankou", NC_("Riichi yaku", "Sanankou (Three Concealed Pungs)") },
  { "sanshoku doukou", NC_("Riichi yaku", "Sanshoku Doukou (Triple Pung)") },
  { "sankantsu", NC_("Riichi yaku", "Sankantsu (Three Kongs)") },
  { "honroutou", NC_("Riichi yaku", "Honroutou (All Terminals and Honours)") },
  { "shousangen", NC_("Riichi yaku", "Shousangen (Little Three Dragons)") },
  { "honitsu", NC_("Riichi yaku", "Honitsu (Half Flush)") },
  { "junchan", NC_("Riichi yaku", "Junchan (Terminals in All Sets)") },
  { "ryanpeikou", NC_("Riichi yaku", "Ryanpeikou (Twice Pure Double Chow)") },
  { "chinitsu", NC_("Riichi yaku", "Chinitsu (Full Flush)") },
  { "renhou", NC_("Riichi yaku", "Renhou (Blessing of Man)") },
  { "kokushi musou", NC_("Riichi yaku", "Kokushi Musou (Thirteen Orphans)") },
  { "suuankou", NC_("Riichi yaku", "Suuankou (Four Concealed Pungs)") },
  { "daisangen", NC_("Riichi yaku", "Daisangen (Big Three Dragons)") },
  { "shousuushii", NC_("Riichi yaku", "Shousuushii (Little Four Winds)") },
  { "daisuushii", NC_("Riichi yaku", "Daisuushii (Big Four Winds)") },
  { "tsuuiisou", NC_("Riichi yaku", "Tsuuiisou (All Honours)") },
  { "chinroutou", NC_("Riichi yaku", "Chinroutou (All Terminals)") },
  { "ryuuiisou", NC_("Riichi yaku", "Ryuuiisou (All Green)") },
  { "chuuren poutou", NC_("Riichi yaku", "Chuuren Poutou (Nine Gates)") },
  { "suukantsu", NC_("Riichi yaku", "Suukantsu (Four Kongs)") },
  { "tenhou", NC_("Riichi yaku", "Tenhou (Blessing of Heaven)") },
  { "chiihou", NC_("Riichi yaku", "Chiihou (Blessing of Earth)") },
  { NULL, NULL },
};

/* The title of @name in @titles, translated in @context; NULL when it is not there. */
static const char *
find_title (const SpItemTitle *titles,
            const char        *context,
            const char        *name)
{
  for (gsize i = 0; titles != NULL && titles[i].name != NULL; i++)
    {
      if (strcmp (titles[i].name, name) == 0)
        return g_dpgettext2 (GETTEXT_PACKAGE, context, titles[i].title);
    }
  return NULL;
}

const char *
sp_score_item_title (SpRuleset   ruleset,
                     const char *name)
{
  const SpRulesetClass *klass;
  const char *title;

  g_return_val_if_fail (name != NULL, NULL);

  if ((guint) ruleset >= SP_N_RULESETS)
    return name;
  klass = sp_ruleset_class (ruleset);
  title = find_title (klass->item_titles, klass->item_title_context, name);
  if (title == NULL)
    title = find_title (klass->more_item_titles, klass->more_item_title_context, name);
  return title != NULL ? title : name;
}

/* Riichi, the rules' own words for each yaku key (rules/riichi.md §2/§3, column 中 / 日): shown
 * beside the English title as a score sheet writes them, never translated. */
const SpItemTerm sp_riichi_item_terms[] = {
  { "riichi", "立直" }, { "double riichi", "ダブル立直" }, { "ippatsu", "一発" },
  { "menzen tsumo", "門前清自摸和" }, { "pinfu", "平和" }, { "iipeikou", "一盃口" },
  { "tanyao", "断么九" }, { "haku", "役牌 白" }, { "hatsu", "役牌 發" }, { "chun", "役牌 中" },
  { "seat wind", "自風" }, { "round wind", "場風" }, { "rinshan kaihou", "嶺上開花" },
  { "chankan", "搶槓" }, { "haitei", "海底摸月" }, { "houtei", "河底撈魚" },
  { "sanshoku", "三色同順" }, { "ittsu", "一気通貫" }, { "chanta", "混全帯么九" },
  { "chiitoitsu", "七対子" }, { "toitoi", "対々和" }, { "sanankou", "三暗刻" },
  { "sanshoku doukou", "三色同刻" }, { "sankantsu", "三槓子" }, { "honroutou", "混老頭" },
  { "shousangen", "小三元" }, { "honitsu", "混一色" }, { "junchan", "純全帯么九" },
  { "ryanpeikou", "二盃口" }, { "chinitsu", "清一色" }, { "renhou", "人和" },
  { "kokushi musou", "国士無双" }, { "suuankou", "四暗刻" }, { "daisangen", "大三元" },
  { "shousuushii", "小四喜" }, { "daisuushii", "大四喜" }, { "tsuuiisou", "字一色" },
  { "chinroutou", "清老頭" }, { "ryuuiisou", "緑一色" }, { "chuuren poutou", "九蓮宝燈" },
  { "suukantsu", "四槓子" }, { "tenhou", "天和" }, { "chiihou", "地和" },
  { NULL, NULL },
};

const char *
sp_score_item_term (SpRuleset   ruleset,
                    const char *name)
{
  const SpItemTerm *terms;

  g_return_val_if_fail (name != NULL, NULL);

  terms = (guint) ruleset < SP_N_RULESETS ? sp_ruleset_class (ruleset)->item_terms : NULL;
  for (gsize i = 0; terms != NULL && terms[i].key != NULL; i++)
    {
      if (strcmp (terms[i].key, name) == 0)
        return terms[i].term;
    }
  return name;
}
