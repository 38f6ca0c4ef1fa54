/* sp-score-titles.c: the fan/台/番 items' names as a person reads them in the UI's language.
 * The scorers name every item exactly as the ruleset's table writes it (MCR in simplified
 * characters, Taiwan in traditional); these are the English names (for MCR the EMA's), marked
 * for translation so that zh_CN shows them in simplified and zh_TW in traditional characters.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-score.h"

static const struct
{
  const char *name;  /* as the scorers write it */
  const char *title; /* English, N_() */
} item_titles[] = {
  /* MCR, the fan table of rules/mcr.md §7 in table order, with the EMA's English names. */
  { "大四喜", N_("Big Four Winds") },
  { "大三元", N_("Big Three Dragons") },
  { "绿一色", N_("All Green") },
  { "九莲宝灯", N_("Nine Gates") },
  { "四杠", N_("Four Kongs") },
  { "连七对", N_("Seven Shifted Pairs") },
  { "十三幺", N_("Thirteen Orphans") },
  { "清幺九", N_("All Terminals") },
  { "小四喜", N_("Little Four Winds") },
  { "小三元", N_("Little Three Dragons") },
  { "字一色", N_("All Honors") },
  { "四暗刻", N_("Four Concealed Pungs") },
  { "一色双龙会", N_("Pure Terminal Chows") },
  { "一色四同顺", N_("Quadruple Chow") },
  { "一色四节高", N_("Four Pure Shifted Pungs") },
  { "一色四步高", N_("Four Pure Shifted Chows") },
  { "三杠", N_("Three Kongs") },
  { "混幺九", N_("All Terminals and Honors") },
  { "七对", N_("Seven Pairs") },
  { "七星不靠", N_("Greater Honors and Knitted Tiles") },
  { "全双刻", N_("All Even Pungs") },
  { "清一色", N_("Full Flush") },
  { "一色三同顺", N_("Pure Triple Chow") },
  { "一色三节高", N_("Pure Shifted Pungs") },
  { "全大", N_("Upper Tiles") },
  { "全中", N_("Middle Tiles") },
  { "全小", N_("Lower Tiles") },
  { "清龙", N_("Pure Straight") },
  { "三色双龙会", N_("Three-Suited Terminal Chows") },
  { "一色三步高", N_("Pure Shifted Chows") },
  { "全带五", N_("All Fives") },
  { "三同刻", N_("Triple Pung") },
  { "三暗刻", N_("Three Concealed Pungs") },
  { "全不靠", N_("Lesser Honors and Knitted Tiles") },
  { "组合龙", N_("Knitted Straight") },
  { "大于五", N_("Upper Four") },
  { "小于五", N_("Lower Four") },
  { "三风刻", N_("Big Three Winds") },
  { "花龙", N_("Mixed Straight") },
  { "推不倒", N_("Reversible Tiles") },
  { "三色三同顺", N_("Mixed Triple Chow") },
  { "三色三节高", N_("Mixed Shifted Pungs") },
  { "无番和", N_("Chicken Hand") },
  { "妙手回春", N_("Last Tile Draw") },
  { "海底捞月", N_("Last Tile Claim") },
  { "杠上开花", N_("Out with Replacement Tile") },
  { "抢杠和", N_("Robbing the Kong") },
  { "碰碰和", N_("All Pungs") },
  { "混一色", N_("Half Flush") },
  { "三色三步高", N_("Mixed Shifted Chows") },
  { "五门齐", N_("All Types") },
  { "全求人", N_("Melded Hand") },
  { "双暗杠", N_("Two Concealed Kongs") },
  { "双箭刻", N_("Two Dragon Pungs") },
  { "全带幺", N_("Outside Hand") },
  { "不求人", N_("Fully Concealed Hand") },
  { "双明杠", N_("Two Melded Kongs") },
  { "和绝张", N_("Last Tile") },
  { "箭刻", N_("Dragon Pung") },
  { "圈风刻", N_("Prevalent Wind") },
  { "门风刻", N_("Seat Wind") },
  { "门前清", N_("Concealed Hand") },
  { "平和", N_("All Chows") },
  { "四归一", N_("Tile Hog") },
  { "双同刻", N_("Double Pung") },
  { "双暗刻", N_("Two Concealed Pungs") },
  { "暗杠", N_("Concealed Kong") },
  { "断幺", N_("All Simples") },
  { "一般高", N_("Pure Double Chow") },
  { "喜相逢", N_("Mixed Double Chow") },
  { "连六", N_("Short Straight") },
  { "老少副", N_("Two Terminal Chows") },
  { "幺九刻", N_("Pung of Terminals or Honors") },
  { "明杠", N_("Melded Kong") },
  { "缺一门", N_("One Voided Suit") },
  { "无字", N_("No Honors") },
  { "边张", N_("Edge Wait") },
  { "坎张", N_("Closed Wait") },
  { "单钓将", N_("Single Wait") },
  { "自摸", N_("Self-Drawn") },
  { "明暗杠", N_("Concealed and Melded Kong") },
  { "天和", N_("Heavenly Hand") },
  { "地和", N_("Earthly Hand") },
  { "人和", N_("Humanly Hand") },
  { "花牌", N_("Flower Tiles") },
  /* Taiwan, in traditional characters as rules/taiwan.md writes them. */
  { "門清", N_("Concealed Hand") },
  { "不求", N_("Fully Concealed Self-Draw") },
  { "全求", N_("Melded Hand") },
  { "半求", N_("Half Melded Self-Draw") },
  { "門風", N_("Seat Wind") },
  { "圈風", N_("Prevalent Wind") },
  { "三元牌", N_("Dragon Pung") },
  { "正花", N_("Seat Flower") },
  { "花槓", N_("Flower Kong") },
  { "平胡", N_("All Chows") },
  { "碰碰胡", N_("All Pungs") },
  { "五暗刻", N_("Five Concealed Pungs") },
  { "天胡", N_("Heavenly Hand") },
  { "地胡", N_("Earthly Hand") },
  { "人胡", N_("Humanly Hand") },
  { "天聽", N_("Ready at the Deal") },
  { "地聽", N_("Ready on the First Draw") },
  { "八仙過海", N_("Eight Immortals Crossing the Sea") },
  { "七搶一", N_("Seven Robbing One") },
  { "四槓牌", N_("Four Kongs") },
  { "邊張", N_("Edge Wait") },
  { "中洞", N_("Closed Wait") },
  { "單吊", N_("Single Wait") },
  { "搶槓", N_("Robbing the Kong") },
  { "槓上開花", N_("Out with Replacement Tile") },
  { "海底撈月", N_("Last Tile Draw") },
  { "河底撈魚", N_("Last Tile Claim") },
  { "莊家", N_("Dealer") },
  { "連莊", N_("Dealer's Streak") },
  { "拉莊", N_("Streak Bonus") },
  /* Guangdong, in simplified characters as rules/guangdong.md writes them. */
  { "鸡糊", N_("Chicken Hand") },
  { "鸡胡", N_("Chicken Hand") },
  { "混碰", N_("Half Flush All Pungs") },
  { "清碰", N_("Full Flush All Pungs") },
  { "风牌刻", N_("Wind Pung") },
};

const char *
sp_score_item_title (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (item_titles); i++)
    {
      if (strcmp (item_titles[i].name, name) == 0)
        return g_dgettext (GETTEXT_PACKAGE, item_titles[i].title);
    }
  return name;
}
