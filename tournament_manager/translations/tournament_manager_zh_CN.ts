<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CalculatorPanel</name>
    <message>
        <source>Final draw (seabed)</source>
        <translation>最后摸牌（海底）</translation>
    </message>
    <message>
        <source>Final discard (riverbed)</source>
        <translation>最后弃牌（河底）</translation>
    </message>
    <message>
        <source>Win on kong</source>
        <translation>杠上开花</translation>
    </message>
    <message>
        <source>Robbing a kong</source>
        <translation>抢杠和</translation>
    </message>
    <message>
        <source>Blessing of heaven</source>
        <translation>天和</translation>
    </message>
    <message>
        <source>Blessing of earth</source>
        <translation>地和</translation>
    </message>
    <message>
        <source>Last tile of its kind</source>
        <translation>和绝张</translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation>牌</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>手牌</translation>
    </message>
    <message>
        <source>Chow</source>
        <translation>顺子</translation>
    </message>
    <message>
        <source>Pung</source>
        <translation>刻子</translation>
    </message>
    <message>
        <source>Kong</source>
        <translation>杠</translation>
    </message>
    <message>
        <source>Concealed kong</source>
        <translation>暗杠</translation>
    </message>
    <message>
        <source>Winning tile</source>
        <translation>和牌张</translation>
    </message>
    <message>
        <source>e.g. 111222p33p99m</source>
        <translation>例：111222p33p99m</translation>
    </message>
    <message>
        <source>e.g. RdRdRd 123s (5555m)</source>
        <translation>例：RdRdRd 123s (5555m)</translation>
    </message>
    <message>
        <source>e.g. 3p (or last tile of the hand)</source>
        <translation>例：3p（或手牌的最后一张）</translation>
    </message>
    <message>
        <source>Self-drawn</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>A loser&apos;s shown hand</source>
        <translation>非和牌者亮牌</translation>
    </message>
    <message>
        <source>Every player&apos;s hand scores under these rules: score the tiles a loser shows (no winning tile) for his points on the sheet</source>
        <translation>此规则下每位选手的手牌都计分：为非和牌者亮出的牌（无和牌张）计分，作为其在记分表上的分数</translation>
    </message>
    <message>
        <source>(by role)</source>
        <translation>（按角色）</translation>
    </message>
    <message>
        <source>Prevalent wind:</source>
        <translation>圈风：</translation>
    </message>
    <message>
        <source>Flowers:</source>
        <translation>花牌：</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>⌫ Last tile</source>
        <translation>⌫ 最后一张</translation>
    </message>
    <message>
        <source>Hand (without winning tile):</source>
        <translation>手牌（不含和牌张）：</translation>
    </message>
    <message>
        <source>Declared melds:</source>
        <translation>已亮明的面子：</translation>
    </message>
    <message>
        <source>Winning tile:</source>
        <translation>和牌张：</translation>
    </message>
    <message>
        <source>Seat wind:</source>
        <translation>门风：</translation>
    </message>
    <message>
        <source>Discarder:</source>
        <translation>放铳者：</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>番种</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>分</translation>
    </message>
    <message>
        <source>Use for sheet</source>
        <translation>用于记分表</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Hand:</source>
        <translation>手牌：</translation>
    </message>
    <message>
        <source>Arrangement:</source>
        <translation>组合：</translation>
    </message>
    <message>
        <source>Use for {seat}&apos;s points</source>
        <translation>用作 {seat} 的分数</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Click tiles or type a hand such as 123m456p789s11z with the winning tile last.</source>
        <translation>点击牌或输入手牌，如 123m456p789s11z，和牌张放在最后。</translation>
    </message>
    <message>
        <source>P = {points}</source>
        <translation>P = {points}</translation>
    </message>
    <message>
        <source>{seat}&apos;s own hand points</source>
        <translation>{seat} 自身的手牌分</translation>
    </message>
    <message>
        <source> (compound limit)</source>
        <translation>（累计满贯）</translation>
    </message>
    <message>
        <source> (listed limit)</source>
        <translation>（列明满贯）</translation>
    </message>
    <message>
        <source>winner</source>
        <translation>和牌者</translation>
    </message>
    <message>
        <source>responsible</source>
        <translation>责任者</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>E</source>
        <translation>东</translation>
    </message>
    <message>
        <source>S</source>
        <translation>南</translation>
    </message>
    <message>
        <source>W</source>
        <translation>西</translation>
    </message>
    <message>
        <source>N</source>
        <translation>北</translation>
    </message>
    <message>
        <source>{payments} (before the losers&apos; own hand points)</source>
        <translation>{payments}（未计输家自身的手牌分）</translation>
    </message>
    <message>
        <source>V = {value}</source>
        <translation>V = {value}</translation>
    </message>
</context>
<context>
    <name>CalculatorWindow</name>
    <message>
        <source>Calculator — Tournament Manager</source>
        <translation>计算器 — Tournament Manager</translation>
    </message>
</context>
<context>
    <name>ClockBanner</name>
    <message>
        <source>{label}: time is up.</source>
        <translation>{label}：时间到。</translation>
    </message>
    <message>
        <source>{label}: the clock is paused for every table (since {when}). View ▸ Session Clock ▸ Resume All Tables starts it again.</source>
        <translation>{label}：所有桌的计时已暂停（自 {when} 起）。用“视图 ▸ 场次计时 ▸ 所有桌继续”重新开始计时。</translation>
    </message>
</context>
<context>
    <name>CommandRunner</name>
    <message>
        <source>Nothing changed.</source>
        <translation>未作修改。</translation>
    </message>
</context>
<context>
    <name>CutsPage</name>
    <message>
        <source>Round</source>
        <translation>轮</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>场次</translation>
    </message>
    <message>
        <source>Keeps</source>
        <translation>晋级人数</translation>
    </message>
    <message>
        <source>Carry</source>
        <translation>带入比例</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Entrants</source>
        <translation>参赛人数</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>选手</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>国家/地区</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总分</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>原始总分</translation>
    </message>
    <message>
        <source>Goes on</source>
        <translation>晋级</translation>
    </message>
    <message>
        <source>Cut preview</source>
        <translation>晋级淘汰预览</translation>
    </message>
    <message>
        <source>Make cut…</source>
        <translation>执行晋级淘汰…</translation>
    </message>
    <message>
        <source>Draw Lots…</source>
        <translation>抽签…</translation>
    </message>
    <message>
        <source>The head judge draws lots between the players nothing separates at the line</source>
        <translation>由裁判长为晋级线上无法区分的选手抽签</translation>
    </message>
    <message>
        <source>Take Back the Cut…</source>
        <translation>撤回晋级淘汰…</translation>
    </message>
    <message>
        <source>A cut takes the top players of a finished round into the next round, carrying the next round&apos;s fraction of their totals. It can be taken back while the next round has no draw.</source>
        <translation>晋级淘汰将已结束一轮的前列选手带入下一轮，并按下一轮的比例带入其总分。下一轮尚未分桌时可以撤回。</translation>
    </message>
    <message>
        <source>{n} ({withdrawn} withdrawn)</source>
        <translation>{n}（{withdrawn} 人已退赛）</translation>
    </message>
    <message>
        <source>1 (no. {n})</source>
        <translation>1（第 {n} 场）</translation>
    </message>
    <message>
        <source>Round {round} has no players yet: the cut after round {previous} takes them on.</source>
        <translation>第 {round} 轮还没有选手：第 {previous} 轮后的晋级淘汰决定谁进入本轮。</translation>
    </message>
    <message>
        <source>The cut</source>
        <translation>晋级淘汰</translation>
    </message>
    <message>
        <source>Cut after round {round}: the format keeps {advance}, so all {ranked} ranked players go on to round {next}, carrying {carry:g}% of their totals.</source>
        <translation>第 {round} 轮后晋级淘汰：赛制保留 {advance} 名，因此全部 {ranked} 名参与排名的选手晋级第 {next} 轮，带入其总分的 {carry:g}%。</translation>
    </message>
    <message>
        <source>Cut after round {round}: the top {advance} of {ranked} ranked players go on to round {next}, carrying {carry:g}% of their totals.</source>
        <translation>第 {round} 轮后晋级淘汰：{ranked} 名参与排名的选手中前 {advance} 名晋级第 {next} 轮，带入其总分的 {carry:g}%。</translation>
    </message>
    <message>
        <source>“†” after a rank: equal score and raw total, placed by the recorded draw.</source>
        <translation>名次后的“†”：换算分与原始总分均相同，按记录在案的抽签结果排序。</translation>
    </message>
    <message>
        <source>This cut has been made: {n} players are in round {next}.</source>
        <translation>本次晋级淘汰已执行：{n} 名选手进入第 {next} 轮。</translation>
    </message>
    <message>
        <source>Every ranked player goes through: nobody is cut.</source>
        <translation>所有参与排名的选手均晋级：无人淘汰。</translation>
    </message>
    <message>
        <source>nothing separates them</source>
        <translation>无法区分</translation>
    </message>
    <message>
        <source>equal totals, separated by the raw score (tie-break)</source>
        <translation>总分相同，按原始总分区分（同分排序）</translation>
    </message>
    <message>
        <source>equal totals and raw scores, separated by the draw made at registration (tie-break)</source>
        <translation>总分与原始总分均相同，按报名时的抽签区分（同分排序）</translation>
    </message>
    <message>
        <source>separated by their totals</source>
        <translation>按总分区分</translation>
    </message>
    <message>
        <source>The line falls between {last} ({last_total}) and {first} ({first_total}): {decided}.</source>
        <translation>晋级线位于 {last}（{last_total}）与 {first}（{first_total}）之间：{decided}。</translation>
    </message>
    <message>
        <source>Provisional: session {session} of round {round} is not finished yet; the cut is made once it is.</source>
        <translation>暂定：第 {round} 轮的第 {session} 场尚未结束；结束后方可执行晋级淘汰。</translation>
    </message>
    <message>
        <source>Provisional: sessions {sessions} of round {round} are not finished yet; the cut is made once they are.</source>
        <translation>暂定：第 {round} 轮的第 {sessions} 场尚未结束；结束后方可执行晋级淘汰。</translation>
    </message>
    <message>
        <source>The line falls inside a tie the tie-breaks cannot break ({players}): the head judge draws lots between them (Draw Lots…) before the cut.</source>
        <translation>晋级线落在同分排序无法区分的同分选手之间（{players}）：须由裁判长在晋级淘汰前为他们抽签（抽签…）。</translation>
    </message>
    <message>
        <source>A sheet of round {round} was corrected after the cut: {gaining} would now go on instead of {losing}.</source>
        <translation>第 {round} 轮的一张计分表在晋级淘汰后被更正：现在应由 {gaining} 晋级，而不是 {losing}。</translation>
    </message>
    <message>
        <source>Round {next} is drawn, so the cut stands as it was made: the head judge decides.</source>
        <translation>第 {next} 轮已分桌，晋级淘汰维持原样：由裁判长裁定。</translation>
    </message>
    <message>
        <source>Take the cut back and make it again.</source>
        <translation>请撤回晋级淘汰并重新执行。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>──── cut line: {n} go on to round {next} above, the rest below ────</source>
        <translation>──── 晋级线：以上 {n} 人晋级第 {next} 轮，以下淘汰 ────</translation>
    </message>
    <message>
        <source>Draw Lots</source>
        <translation>抽签</translation>
    </message>
    <message>
        <source>Draw lots between {players}: each gets a new recorded draw, the last link of the tie-break chain, and the cut line falls where the draws put it.</source>
        <translation>为 {players} 抽签：每人获得新的抽签记录（同分排序的最后一环），晋级线按抽签结果划定。</translation>
    </message>
    <message>
        <source>Take Back the Cut</source>
        <translation>撤回晋级淘汰</translation>
    </message>
    <message>
        <source>Take back the cut after round {n}?</source>
        <translation>撤回第 {n} 轮后的晋级淘汰？</translation>
    </message>
    <message>
        <source>The {n} players it took on leave round {next}; the cut can then be made again on the standings as they are now. Edit ▸ Undo puts it back as it was.</source>
        <translation>已晋级的 {n} 名选手将退出第 {next} 轮；之后可按当前排名重新执行晋级淘汰。“编辑 ▸ 撤销”可恢复原状。</translation>
    </message>
    <message>
        <source>Take Back</source>
        <translation>撤回</translation>
    </message>
    <message>
        <source>The cut after round {n} was taken back.</source>
        <translation>第 {n} 轮后的晋级淘汰已撤回。</translation>
    </message>
    <message>
        <source>{n} of {ranked} ranked players go on to round {next}, carrying {carry:g}% of their totals.</source>
        <translation>{ranked} 名参与排名的选手中 {n} 名晋级第 {next} 轮，带入其总分的 {carry:g}%。</translation>
    </message>
    <message>
        <source>Last qualifier: {rank}. {name} ({total})</source>
        <translation>末位晋级：第 {rank} 名 {name}（{total}）</translation>
    </message>
    <message>
        <source>First out: {rank}. {name} ({total})</source>
        <translation>首位淘汰：第 {rank} 名 {name}（{total}）</translation>
    </message>
    <message>
        <source>Edit ▸ Undo takes the cut back while round {next} has no draw.</source>
        <translation>第 {next} 轮尚未分桌时，可用“编辑 ▸ 撤销”撤回本次晋级淘汰。</translation>
    </message>
    <message>
        <source>Make Cut</source>
        <translation>执行晋级淘汰</translation>
    </message>
    <message>
        <source>Make the cut after round {n}?</source>
        <translation>执行第 {n} 轮后的晋级淘汰？</translation>
    </message>
    <message>
        <source>{n} players go on to round {next}.</source>
        <translation>{n} 名选手晋级第 {next} 轮。</translation>
    </message>
</context>
<context>
    <name>DemoBuilder</name>
    <message>
        <source>Building the demo event: registering players…</source>
        <translation>正在创建演示比赛：报名选手…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Demo Event</source>
        <translation>演示比赛</translation>
    </message>
    <message>
        <source>Building the demo event: playing session {n} of {total}…</source>
        <translation>正在创建演示比赛：进行第 {n} 场（共 {total} 场）…</translation>
    </message>
    <message>
        <source>The demo event could not be built: {problem}.</source>
        <translation>无法创建演示比赛：{problem}。</translation>
    </message>
</context>
<context>
    <name>DetailsDialog</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>DocumentController</name>
    <message>
        <source>The server answers again: {event} is up to date on this station.</source>
        <translation>服务器已恢复响应：本工作站上的 {event} 已是最新。</translation>
    </message>
</context>
<context>
    <name>DocumentDialogs</name>
    <message>
        <source>Tournaments (*{suffix})</source>
        <translation>比赛文件 (*{suffix})</translation>
    </message>
    <message>
        <source>New Tournament File</source>
        <translation>新建比赛文件</translation>
    </message>
    <message>
        <source>Open Tournament</source>
        <translation>打开比赛</translation>
    </message>
    <message>
        <source>Save a Copy</source>
        <translation>保存副本</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>替换文件</translation>
    </message>
    <message>
        <source>Replace {name}?</source>
        <translation>替换 {name}？</translation>
    </message>
    <message>
        <source>A file of that name is already in {folder}; writing this one replaces it.</source>
        <translation>{folder} 中已有同名文件；写入此文件将替换它。</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
</context>
<context>
    <name>ExportMenu</name>
    <message>
        <source>Filled &amp;Score Sheets (PDF)…</source>
        <translation>已填记分表 (PDF)(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Blank Score Sheets (PDF)…</source>
        <translation>空白记分表 (PDF)(&amp;B)…</translation>
    </message>
    <message>
        <source>Filled Player &amp;Cards (PDF)…</source>
        <translation>已填选手卡 (PDF)(&amp;C)…</translation>
    </message>
    <message>
        <source>Blank Player Car&amp;ds (PDF)…</source>
        <translation>空白选手卡 (PDF)(&amp;D)…</translation>
    </message>
    <message>
        <source>Seating &amp;Lists (PDF)…</source>
        <translation>分桌名单 (PDF)(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Table Cards (PDF)…</source>
        <translation>桌牌 (PDF)(&amp;T)…</translation>
    </message>
    <message>
        <source>St&amp;andings (PDF)…</source>
        <translation>排名表 (PDF)(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Workbook (Excel)…</source>
        <translation>工作簿 (Excel)(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Include &amp;Provisional Plans</source>
        <translation>包含暂定安排(&amp;P)</translation>
    </message>
    <message>
        <source>Also print sessions not drawn yet (the round&apos;s plan); every page of them is marked PROVISIONAL PLAN — not the draw</source>
        <translation>同时打印尚未分桌的场次（本轮的计划）；这些场次的每一页都标有“暂定安排——并非正式分桌”</translation>
    </message>
    <message>
        <source>Docu&amp;ment Language</source>
        <translation>文档语言(&amp;M)</translation>
    </message>
    <message>
        <source>As the Window</source>
        <translation>与窗口相同</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Writing {name}… page {done} of {total}</source>
        <translation>正在写入 {name}… 第 {done}/{total} 页</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Reading the record for {name}…</source>
        <translation>正在为 {name} 读取记录…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export cancelled: {name} was not written.</source>
        <translation>已取消导出：未写入 {name}。</translation>
    </message>
    <message>
        <source> (its tables are only the round&apos;s plan: tick File ▸ Export ▸ Include Provisional Plans to print them, marked provisional)</source>
        <translation>（这些桌次只是本轮的计划：勾选 文件 ▸ 导出 ▸ 包含暂定安排 即可打印，并标为暂定）</translation>
    </message>
    <message>
        <source>. The session printed is the one shown on the Score sheets page, else the one chosen on the Seating page: choose another there.</source>
        <translation>。打印的是记分表页面上显示的节次，否则是座位页面上选定的节次：请在那里选择其他节次。</translation>
    </message>
    <message>
        <source>No program on this computer opened {path}: open it from the file manager, or install a viewer for it.</source>
        <translation>本机没有程序能打开 {path}：请在文件管理器中打开它，或安装可查看此类文件的程序。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Wrote {path}</source>
        <translation>已写入 {path}</translation>
    </message>
    <message>
        <source>Wrote {path}, but the record does not verify: {summary}. Every page says so.</source>
        <translation>已写入 {path}，但记录未通过核验：{summary}。每一页上都注明了这一点。</translation>
    </message>
    <message>
        <source>What verification found</source>
        <translation>核验结果</translation>
    </message>
</context>
<context>
    <name>ExtraTimeDialog</name>
    <message>
        <source>Extra Time</source>
        <translation>加时</translation>
    </message>
    <message>
        <source>Give table {table} of session {session} extra time on the session clock?</source>
        <translation>在场次计时上为第 {session} 场第 {table} 桌加时？</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Only this table plays longer; the room&apos;s clock is unchanged. Edit ▸ Undo does not take this back: negative minutes do.</source>
        <translation>仅该桌延长时间，场内时钟不变。“编辑 ▸ 撤销”不能撤回此操作，输入负数分钟可撤回。</translation>
    </message>
    <message>
        <source>Give Extra Time</source>
        <translation>加时</translation>
    </message>
    <message>
        <source>Extra minutes for this table:</source>
        <translation>该桌加时分钟数：</translation>
    </message>
    <message>
        <source>Type the minutes to give (negative to take back).</source>
        <translation>输入要加的分钟数（负数为撤回）。</translation>
    </message>
    <message>
        <source>The table&apos;s time left becomes {left}.</source>
        <translation>该桌剩余时间将变为 {left}。</translation>
    </message>
    <message>
        <source>The table&apos;s time is then up.</source>
        <translation>该桌随即时间到。</translation>
    </message>
</context>
<context>
    <name>HandEntryBar</name>
    <message>
        <source>value</source>
        <translation>分值</translation>
    </message>
    <message>
        <source>Draw (D)</source>
        <translation>流局 (D)</translation>
    </message>
    <message>
        <source>Wall exhausted: nobody scores (key D)</source>
        <translation>牌墙摸完：无人得分（按键 D）</translation>
    </message>
    <message>
        <source>Self-draw (T)</source>
        <translation>自摸 (T)</translation>
    </message>
    <message>
        <source>The winner drew the winning tile himself (key T)</source>
        <translation>和牌者自己摸到和牌张（按键 T）</translation>
    </message>
    <message>
        <source>Enter hand</source>
        <translation>录入本局</translation>
    </message>
    <message>
        <source>Record the hand on the sheet (Enter)</source>
        <translation>将本局记入记分表（Enter）</translation>
    </message>
    <message>
        <source>Each player&apos;s hand points:</source>
        <translation>各选手手牌分：</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>分值：</translation>
    </message>
    <message>
        <source>Hand {number} was not recorded: {why}</source>
        <translation>第 {number} 局未记录：{why}</translation>
    </message>
    <message>
        <source>the sheet takes no more hands</source>
        <translation>记分表不再接受新的局</translation>
    </message>
    <message>
        <source>Hand {number} of table {table} is typed but not entered.</source>
        <translation>第 {table} 桌的第 {number} 局已输入但尚未记录。</translation>
    </message>
    <message>
        <source>Hand {was} was recorded elsewhere meanwhile (at the table, or at another desk), so the hand you are typing would be hand {now}. Check it is not the same hand before you record it.</source>
        <translation>第 {was} 局已在别处（桌边或另一台录入电脑）录入，因此你正在输入的将是第 {now} 局。记录前请确认不是同一局。</translation>
    </message>
    <message>
        <source>Not recorded yet: hand {was} was recorded elsewhere meanwhile (at the table, or at another desk). Check it is not the same hand, then press Enter again to record this one as hand {now}, or Esc to clear it.</source>
        <translation>尚未记录：第 {was} 局已在别处（桌边或另一台录入电脑）录入。请确认不是同一局，然后再按 Enter 键将本局记录为第 {now} 局，或按 Esc 键清除。</translation>
    </message>
    <message>
        <source>Keys: E S W N or 1–4 (the sheet&apos;s columns) winner, then discarder</source>
        <translation>按键：E S W N 或 1–4（记分表各列）先和牌者，后放铳者</translation>
    </message>
    <message>
        <source>T self-draw</source>
        <translation>T 自摸</translation>
    </message>
    <message>
        <source>K kong</source>
        <translation>K 杠</translation>
    </message>
    <message>
        <source>D draw</source>
        <translation>D 流局</translation>
    </message>
    <message>
        <source>I immunity</source>
        <translation>I 免责</translation>
    </message>
    <message>
        <source>+ another winner</source>
        <translation>+ 另一和牌者</translation>
    </message>
    <message>
        <source>Enter commits</source>
        <translation>Enter 提交</translation>
    </message>
    <message>
        <source>Esc clears</source>
        <translation>Esc 清除</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>{who} intercepted: under these rules the claim nearest the discarder&apos;s lower seat wins alone, so only that win was recorded.</source>
        <translation>{who} 截和：按此规则，从放铳者下家起最近的和牌者独自和牌，因此只记录了这一和牌。</translation>
    </message>
    <message>
        <source>{digit} is not a seat: press the seat keys first (E S W N or 1–4), then type the value.</source>
        <translation>{digit} 不是座位：请先按座位键（E S W N 或 1–4），再输入分值。</translation>
    </message>
    <message>
        <source>{key} is not an entry key: E S W N (or 1–4) choose seats, T a self-draw, D a draw, K a kong, I the responsible player, + another winner.</source>
        <translation>{key} 不是录入键：E S W N（或 1–4）选座位，T 自摸，D 流局，K 杠，I 负责的玩家，+ 另一位赢家。</translation>
    </message>
    <message>
        <source>A hand is being typed: Esc clears it, and Ctrl+Y then redoes.</source>
        <translation>正在输入一局：按 Esc 清除后，Ctrl+Y 才会重做。</translation>
    </message>
    <message>
        <source>Hand {number} was not recorded: {problem}. Press Backspace to correct the value, or Esc to clear the hand and type it again.</source>
        <translation>第 {number} 局未记录：{problem}。按 Backspace 修改分值，或按 Esc 清除本局后重新输入。</translation>
    </message>
    <message>
        <source>{refusal} Nothing typed after it is taken: Backspace drops the refused key, Esc clears the hand.</source>
        <translation>{refusal} 其后输入的内容均不予接受：按 Backspace 撤去被拒的按键，按 Esc 清除本局。</translation>
    </message>
    <message>
        <source>{name} is a winner of this hand already.</source>
        <translation>{name} 已是本局的和牌者。</translation>
    </message>
    <message>
        <source>{name} won this hand: the discarder, or anyone responsible, is one of the other three.</source>
        <translation>{name} 是本局的和牌者：放铳者或负责者须为其他三位之一。</translation>
    </message>
    <message>
        <source>{name} discarded the winning tile: he cannot win on it too.</source>
        <translation>{name} 打出了和牌张：不能同时以此张和牌。</translation>
    </message>
    <message>
        <source>The seats of this hand are chosen already: {name} was not taken.</source>
        <translation>本局的座位已选定：未接受 {name}。</translation>
    </message>
    <message>
        <source>These rules have no same-turn immunity: the discarder always pays for a discard win.</source>
        <translation>本规则没有同巡免责：点和时总是由放铳者支付。</translation>
    </message>
    <message>
        <source>Immunity applies to a discard win: pick the winner and the discarder first.</source>
        <translation>免责只适用于放铳和牌：请先选择和牌者和放铳者。</translation>
    </message>
    <message>
        <source>Under these rules one player wins a hand: of several claims on one discard, enter the one nearest the discarder&apos;s lower seat.</source>
        <translation>本规则每局只有一位和牌者：多人同时和同一张牌时，输入放铳者下家方向最近的一位。</translation>
    </message>
    <message>
        <source>Type {who}&apos;s value first; + then adds the next winner.</source>
        <translation>请先输入 {who} 的分值；之后按 + 添加下一位和牌者。</translation>
    </message>
    <message>
        <source>Several winners need one discard: pick the first winner and the discarder first (at most three).</source>
        <translation>多人和牌须为同一张放铳：请先选择第一位和牌者和放铳者（最多三人）。</translation>
    </message>
    <message>
        <source>Press a seat key (E S W N or 1–4) for the winner, or D for a draw.</source>
        <translation>按座位键（E S W N 或 1–4）选择和牌者，或按 D 记流局。</translation>
    </message>
    <message>
        <source>Press the discarder&apos;s seat key, or T for a self-draw.</source>
        <translation>按放铳者的座位键，或按 T 记自摸。</translation>
    </message>
    <message>
        <source>Type the hand value.</source>
        <translation>输入本局分值。</translation>
    </message>
    <message>
        <source>A player cannot win from himself.</source>
        <translation>选手不能和自己打出的牌。</translation>
    </message>
    <message>
        <source>Change hand</source>
        <translation>修改局</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>局</translation>
    </message>
    <message>
        <source> · {dealer} deals</source>
        <translation> · {dealer} 坐庄</translation>
    </message>
    <message>
        <source>All hands entered</source>
        <translation>各局均已录入</translation>
    </message>
    <message>
        <source> · winner</source>
        <translation> · 和牌者</translation>
    </message>
    <message>
        <source> · discarder</source>
        <translation> · 放铳者</translation>
    </message>
    <message>
        <source> · sits {wind}</source>
        <translation> · 门风 {wind}</translation>
    </message>
    <message>
        <source>Replace hand</source>
        <translation>替换本局</translation>
    </message>
    <message>
        <source>Seat:</source>
        <translation>座位：</translation>
    </message>
    <message>
        <source>seat key</source>
        <translation>座位键</translation>
    </message>
    <message>
        <source>A winner&apos;s hand points are his hand&apos;s value.</source>
        <translation>和牌者的手牌分即其和牌分值。</translation>
    </message>
    <message>
        <source>Signed and locked.</source>
        <translation>已签名并锁定。</translation>
    </message>
    <message>
        <source>The sheet is complete: select a hand and press F2 to change it, or sign it below.</source>
        <translation>记分表已完成：选择一局按 F2 修改，或在下方签名。</translation>
    </message>
    <message>
        <source>Draw (wall exhausted): nobody scores. Enter to record.</source>
        <translation>流局（牌墙摸完）：无人得分。按 Enter 记录。</translation>
    </message>
    <message>
        <source>Waiting for the winner&apos;s seat key.</source>
        <translation>等待和牌者的座位键。</translation>
    </message>
    <message>
        <source>{winner} wins {value}</source>
        <translation>{winner} 和牌 {value}</translation>
    </message>
    <message>
        <source> alone (the claim nearest the discarder&apos;s lower seat)</source>
        <translation>（唯一成立：离放铳者下家最近的和牌声明）</translation>
    </message>
    <message>
        <source> (nobody responsible)</source>
        <translation>（无责任者）</translation>
    </message>
    <message>
        <source> (responsible: {who})</source>
        <translation>（责任者：{who}）</translation>
    </message>
    <message>
        <source> from {who}</source>
        <translation>，{who} 放铳</translation>
    </message>
    <message>
        <source>next winner&apos;s seat key…</source>
        <translation>下一和牌者的座位键…</translation>
    </message>
    <message>
        <source>discarder&apos;s seat key…</source>
        <translation>放铳者的座位键…</translation>
    </message>
    <message>
        <source>responsible player&apos;s seat key (0: nobody)…</source>
        <translation>责任者的座位键（0：无）…</translation>
    </message>
    <message>
        <source>type the value, Enter</source>
        <translation>输入分值，按 Enter</translation>
    </message>
    <message>
        <source>not a value these rules give (see below)</source>
        <translation>本规则不会出现此番值（见下方说明）</translation>
    </message>
</context>
<context>
    <name>HeadJudgeDialog</name>
    <message>
        <source>what was wrong, in a few words</source>
        <translation>简述出错之处</translation>
    </message>
    <message>
        <source>Head judge:</source>
        <translation>裁判长：</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>原因(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Passphrase:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
    <message>
        <source>The reason, the head judge&apos;s name and the time go on the record and on every printout of it.</source>
        <translation>原因、裁判长姓名和时间会记入记录，并出现在其每份打印件上。</translation>
    </message>
    <message>
        <source>(none named)</source>
        <translation>（未指定）</translation>
    </message>
    <message>
        <source>This event has no head judge passphrase yet, so nothing signed can be changed. Set one on the Setup page (Head judge ▸ Set passphrase…).</source>
        <translation>本比赛尚未设置裁判长密码，因此已签名的内容都无法修改。请在“设置”页面设置（裁判长 ▸ 设置密码…）。</translation>
    </message>
    <message>
        <source>{count} of at least {n} characters</source>
        <translation>{count} 个字符（至少 {n} 个）</translation>
    </message>
    <message>
        <source>1 character</source>
        <translation>1 个字符</translation>
    </message>
    <message>
        <source>{count} characters</source>
        <translation>{count} 个字符</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>About Tournament Manager</source>
        <translation>关于 Tournament Manager</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tournament Manager {version}&lt;/h3&gt;&lt;p&gt;For the head judge of a mahjong tournament: players, draws, score sheets and signatures, penalties, cuts and standings, with printouts for the organisers.&lt;/p&gt;&lt;p&gt;Licence: {licence}.&lt;/p&gt;&lt;p&gt;Qt {qt} · PySide6 {pyside} · Python {python} · {system}&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tournament Manager {version}&lt;/h3&gt;&lt;p&gt;供麻将比赛的裁判长使用：选手、分桌、记分表与签名、罚分、晋级淘汰与排名，并可为主办方打印各类资料。&lt;/p&gt;&lt;p&gt;许可证：{licence}。&lt;/p&gt;&lt;p&gt;Qt {qt} · PySide6 {pyside} · Python {python} · {system}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Quick Guide</source>
        <translation>快速指南(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Tournament Manager</source>
        <translation>关于 Tournament Manager(&amp;A)</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <source>Native name</source>
        <translation>本名</translation>
    </message>
    <message>
        <source>Reg. no.</source>
        <translation>报名编号</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>国家/地区</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱乐部</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>队伍</translation>
    </message>
    <message>
        <source>Import players from {file}</source>
        <translation>从 {file} 导入选手</translation>
    </message>
    <message>
        <source>Text encoding:</source>
        <translation>文本编码：</translation>
    </message>
    <message>
        <source>These rows look like players registered already (same name and country); you will be asked before they are registered:</source>
        <translation>以下各行似乎是已报名的选手（姓名和国家/地区相同）；报名前会先询问您：</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Found: {encoding}. If names look garbled, choose the encoding the file was saved in.</source>
        <translation>检测到：{encoding}。如姓名显示为乱码，请选择文件保存时所用的编码。</translation>
    </message>
    <message>
        <source>Read as {encoding}.</source>
        <translation>按 {encoding} 读取。</translation>
    </message>
    <message>
        <source>(not imported)</source>
        <translation>（不导入）</translation>
    </message>
    <message>
        <source>column {n}</source>
        <translation>第 {n} 列</translation>
    </message>
    <message>
        <source>line {line} of this file</source>
        <translation>本文件第 {line} 行</translation>
    </message>
    <message>
        <source>no. {number} {name}, registered</source>
        <translation>已报名的编号 {number} {name}</translation>
    </message>
    <message>
        <source>line {line}: {name} looks like {like}</source>
        <translation>第 {line} 行：{name} 疑似 {like}</translation>
    </message>
    <message>
        <source>Choose the column that holds the players&apos; names: no column is taken for the name yet, and nothing will be imported until one is.</source>
        <translation>请选择存放选手姓名的列：目前没有任何列用作姓名，选定之前不会导入任何内容。</translation>
    </message>
    <message>
        <source>1 row needs fixing in the file (or another column mapping); nothing will be imported until every row is fine.</source>
        <translation>有 1 行需要在文件中修正（或改用其他列对应）；所有行都无误之前不会导入任何内容。</translation>
    </message>
    <message>
        <source>{bad} rows need fixing in the file (or another column mapping); nothing will be imported until every row is fine.</source>
        <translation>有 {bad} 行需要在文件中修正（或改用其他列对应）；所有行都无误之前不会导入任何内容。</translation>
    </message>
    <message>
        <source>1 player will be imported; it looks registered already.</source>
        <translation>将导入 1 名选手，该选手似乎已报名。</translation>
    </message>
    <message>
        <source>{n} players will be imported; 1 of them looks registered already.</source>
        <translation>将导入 {n} 名选手，其中 1 名似乎已报名。</translation>
    </message>
    <message>
        <source>{n} players will be imported; {k} of them look registered already.</source>
        <translation>将导入 {n} 名选手，其中 {k} 名似乎已报名。</translation>
    </message>
    <message>
        <source>1 player will be imported.</source>
        <translation>将导入 1 名选手。</translation>
    </message>
    <message>
        <source>{n} players will be imported.</source>
        <translation>将导入 {n} 名选手。</translation>
    </message>
</context>
<context>
    <name>Launch</name>
    <message>
        <source>This station last worked on the event at {address}. File ▸ Open on a Server… opens it again, with the server&apos;s password.</source>
        <translation>本工作站上次使用的是 {address} 上的赛事。请用“文件 ▸ 在服务器上打开…”并输入服务器密码重新打开。</translation>
    </message>
    <message>
        <source>The event opened last is no longer at {path}: moved, renamed, or on a USB stick that is not plugged in. File ▸ Open finds it where it is now; no other event has been opened in its place.</source>
        <translation>上次打开的赛事已不在 {path}：可能已被移动、改名，或位于未插入的 U 盘上。请用 文件 ▸ 打开 在其现在的位置找到它；程序没有打开其他赛事代替它。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Setup</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>选手</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>分桌</translation>
    </message>
    <message>
        <source>Score sheets</source>
        <translation>记分表</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Cuts</source>
        <translation>晋级淘汰</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新建(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open on a Ser&amp;ver…</source>
        <translation>在服务器上打开(&amp;V)…</translation>
    </message>
    <message>
        <source>Open the &amp;Demo Event</source>
        <translation>打开演示比赛(&amp;D)</translation>
    </message>
    <message>
        <source>Save a Cop&amp;y…</source>
        <translation>保存副本(&amp;Y)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清空菜单(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Projector Window</source>
        <translation>投影窗口(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>Serve Ta&amp;bles</source>
        <translation>桌边录入服务(&amp;B)</translation>
    </message>
    <message>
        <source>Table Co&amp;des…</source>
        <translation>各桌代码(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Verify Record…</source>
        <translation>核验记录(&amp;V)…</translation>
    </message>
    <message>
        <source>Check every signed sheet against its signatures, every hand against the rules and the audit log against the file</source>
        <translation>核对每张已签名记分表与其签名、每一局与规则、审计记录与比赛文件是否相符</translation>
    </message>
    <message>
        <source>&amp;Next Page</source>
        <translation>下一页(&amp;N)</translation>
    </message>
    <message>
        <source>P&amp;revious Page</source>
        <translation>上一页(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Projector S&amp;tandings</source>
        <translation>投影排名(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Go to Page</source>
        <translation>转到页面(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>{language} is remembered, but the environment variable {variable} decides the language here: remove it to use the choice.</source>
        <translation>已记住{language}，但此处的语言由环境变量 {variable} 决定：删除该变量后才会使用此选择。</translation>
    </message>
    <message>
        <source>The window speaks {language} from the next start.</source>
        <translation>下次启动时，界面将使用 {language}。</translation>
    </message>
    <message>
        <source>Projector window</source>
        <translation>投影窗口</translation>
    </message>
    <message>
        <source>Undone: {what}</source>
        <translation>已撤销：{what}</translation>
    </message>
    <message>
        <source>Redone: {what}</source>
        <translation>已重做：{what}</translation>
    </message>
    <message>
        <source>No Recent Files</source>
        <translation>无最近文件</translation>
    </message>
    <message>
        <source>Forget It</source>
        <translation>忘记它</translation>
    </message>
    <message>
        <source>The event opened last is back at {path}.</source>
        <translation>上次打开的赛事已回到 {path}。</translation>
    </message>
    <message>
        <source>Open It</source>
        <translation>打开它</translation>
    </message>
    <message>
        <source>The tables are entering their sheets from phones: serving stops, and what they type waits on the phones until it starts again.</source>
        <translation>各桌正在用手机录入记分表：服务将停止，他们输入的内容会在手机上等待，直到服务重新开始。</translation>
    </message>
    <message>
        <source>Work Not Finished</source>
        <translation>工作尚未完成</translation>
    </message>
    <message>
        <source>Leave this event for another? What is not finished in it is lost.</source>
        <translation>离开本赛事、打开另一赛事？其中未完成的内容将会丢失。</translation>
    </message>
    <message>
        <source>Leave It</source>
        <translation>离开</translation>
    </message>
    <message>
        <source>Quit? What is not finished in the event is lost.</source>
        <translation>退出？赛事中未完成的内容将会丢失。</translation>
    </message>
    <message>
        <source>Quit Anyway</source>
        <translation>仍然退出</translation>
    </message>
    <message>
        <source>File Exists</source>
        <translation>文件已存在</translation>
    </message>
    <message>
        <source>{name} exists already: a new event needs a file of its own.</source>
        <translation>{name} 已存在：新赛事需要自己的文件。</translation>
    </message>
    <message>
        <source>Nothing is written over it. Choose another name for {event}.</source>
        <translation>不会覆盖该文件。请为 {event} 另选一个名称。</translation>
    </message>
    <message>
        <source>Choose Another Name…</source>
        <translation>另选名称…</translation>
    </message>
    <message>
        <source>Serving the tables at {address}</source>
        <translation>桌边录入服务地址：{address}</translation>
    </message>
    <message>
        <source>table codes.pdf</source>
        <translation>桌码.pdf</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>This is the demo event, a whole event already played, in a file of its own ({path}); your tournaments are not touched. To try the head judge&apos;s acts, his passphrase is “{passphrase}”.</source>
        <translation>这是演示比赛：一场已全部赛完的比赛，保存在单独的文件中（{path}）；不会影响您的比赛。如需试用裁判长操作，其密码为“{passphrase}”。</translation>
    </message>
    <message>
        <source>{name} copy</source>
        <translation>{name} 副本</translation>
    </message>
    <message>
        <source>Open the Copy</source>
        <translation>打开副本</translation>
    </message>
    <message>
        <source>A copy was saved to {path}.</source>
        <translation>副本已保存到 {path}。</translation>
    </message>
    <message>
        <source>Close the event? What is not finished in it is lost.</source>
        <translation>关闭赛事？其中未完成的内容将会丢失。</translation>
    </message>
    <message>
        <source>Close Anyway</source>
        <translation>仍然关闭</translation>
    </message>
    <message>
        <source>The newest backup is from {when}. Restoring it keeps the damaged file aside.</source>
        <translation>最新备份的时间为 {when}。恢复时会另行保留已损坏的文件。</translation>
    </message>
    <message>
        <source>Restore Newest Backup</source>
        <translation>恢复最新备份</translation>
    </message>
    <message>
        <source>Take Over the Lock</source>
        <translation>接管文件锁</translation>
    </message>
    <message>
        <source>Take over the lock of {name}?</source>
        <translation>接管 {name} 的文件锁？</translation>
    </message>
    <message>
        <source>Do this only if the other computer no longer runs Tournament Manager on this file: two copies writing to one file lose each other&apos;s work.</source>
        <translation>仅在另一台计算机已不再用 Tournament Manager 打开此文件时才这样做：两个程序同时写入同一文件，会使彼此的工作丢失。</translation>
    </message>
    <message>
        <source>Take Over</source>
        <translation>接管</translation>
    </message>
    <message>
        <source>Take Over the Lock…</source>
        <translation>接管文件锁…</translation>
    </message>
    <message>
        <source>This record does not verify: {summary}. Check with the head judge before printing or publishing anything from it.</source>
        <translation>此记录未通过核验：{summary}。打印或发布其中任何内容前，请先与裁判长确认。</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>核验</translation>
    </message>
    <message>
        <source>There is no tournament to verify.</source>
        <translation>没有可核验的比赛。</translation>
    </message>
    <message>
        <source>Verify Record</source>
        <translation>核验记录</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <source>Tournament Manager</source>
        <translation>Tournament Manager</translation>
    </message>
    <message>
        <source>{name} — Tournament Manager</source>
        <translation>{name} — Tournament Manager</translation>
    </message>
    <message>
        <source>The record verifies again.</source>
        <translation>记录已重新通过核验。</translation>
    </message>
    <message>
        <source>Session {n}</source>
        <translation>第 {n} 场</translation>
    </message>
    <message>
        <source>Finish the hand in play; no new hand starts.</source>
        <translation>打完当前这一局；不再开始新的一局。</translation>
    </message>
    <message>
        <source>The hand in play is void; no new hand starts.</source>
        <translation>当前这一局作废；不再开始新的一局。</translation>
    </message>
    <message>
        <source>{label}: time is up</source>
        <translation>{label}：时间到</translation>
    </message>
    <message>
        <source>{label}: {left} left (clock paused)</source>
        <translation>{label}：剩余 {left}（计时已暂停）</translation>
    </message>
    <message>
        <source>{label}: {left} left</source>
        <translation>{label}：剩余 {left}</translation>
    </message>
    <message>
        <source>{minutes} minutes left in the session</source>
        <translation>本场剩余 {minutes} 分钟</translation>
    </message>
    <message>
        <source>No session is being played or published to come.</source>
        <translation>没有进行中的场次，也没有已发布的下一场。</translation>
    </message>
    <message>
        <source>No standings yet.</source>
        <translation>暂无排名。</translation>
    </message>
    <message>
        <source>&amp;Live, After Every Hand</source>
        <translation>实时，每局更新(&amp;L)</translation>
    </message>
    <message>
        <source>After Session {n}</source>
        <translation>第 {n} 场后</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>详情…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>NewPassphraseFields</name>
    <message>
        <source>at least {n} characters</source>
        <translation>至少 {n} 个字符</translation>
    </message>
    <message>
        <source>the same again</source>
        <translation>再输入一次</translation>
    </message>
    <message>
        <source>Only the head judge should know it: it unlocks signed sheets and reopens finished sessions. Nobody can recover it, so keep it safe.</source>
        <translation>只应由裁判长知道：它可解锁已签名的记分表，并重新开启已结束的场次。密码无法找回，请妥善保管。</translation>
    </message>
    <message>
        <source>&amp;Passphrase:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Repeat:</source>
        <translation>重复(&amp;R)：</translation>
    </message>
    <message>
        <source>Choose one of at least {n} characters and type it twice.</source>
        <translation>请设置至少 {n} 个字符的密码，并输入两次。</translation>
    </message>
    <message>
        <source>Too short: {count} of at least {n} characters.</source>
        <translation>太短：{count} 个字符，至少需要 {n} 个。</translation>
    </message>
    <message>
        <source>Type the passphrase again below.</source>
        <translation>请在下方再次输入密码。</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>两次输入的密码不一致。</translation>
    </message>
    <message>
        <source>The passphrases match.</source>
        <translation>两次输入的密码一致。</translation>
    </message>
</context>
<context>
    <name>NewTournamentDialog</name>
    <message>
        <source>New Tournament</source>
        <translation>新建比赛</translation>
    </message>
    <message>
        <source>e.g. Open Mahjong Championship 2026</source>
        <translation>例：2026 麻将公开锦标赛</translation>
    </message>
    <message>
        <source>An open event is sessions only, with no cut; the other formats fix their own sessions.</source>
        <translation>公开赛只有场次，不设晋级淘汰；其他赛制的场次由赛制本身确定。</translation>
    </message>
    <message>
        <source>Head judge</source>
        <translation>裁判长</translation>
    </message>
    <message>
        <source>who may correct signed sheets</source>
        <translation>可更正已签名的记分表</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>姓名(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>R&amp;ules:</source>
        <translation>规则(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>赛制(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Sessions:</source>
        <translation>场数(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>OpenServerDialog</name>
    <message>
        <source>Head judge</source>
        <translation>裁判长</translation>
    </message>
    <message>
        <source>Results desk</source>
        <translation>成绩台</translation>
    </message>
    <message>
        <source>Projector (shows the event, changes nothing)</source>
        <translation>投影（只显示比赛，不做任何更改）</translation>
    </message>
    <message>
        <source>Open an Event on a Server</source>
        <translation>在服务器上打开比赛</translation>
    </message>
    <message>
        <source>e.g. Results desk 2</source>
        <translation>例：成绩台 2</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>This &amp;station:</source>
        <translation>本工作站(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>角色(&amp;R)：</translation>
    </message>
    <message>
        <source>The server&apos;s address: postgresql://user[:password]@host/event</source>
        <translation>服务器地址：postgresql://user[:password]@host/event</translation>
    </message>
    <message>
        <source>A server address begins with postgresql:// (a file is opened with File ▸ Open…)</source>
        <translation>服务器地址以 postgresql:// 开头（打开文件请用“文件 ▸ 打开…”）</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Database {name} on {host}</source>
        <translation>{host} 上的数据库 {name}</translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <source>Venue:</source>
        <translation>地点：</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>赛制：</translation>
    </message>
    <message>
        <source>Rounds:</source>
        <translation>轮数：</translation>
    </message>
    <message>
        <source>Sessions played:</source>
        <translation>已赛场数：</translation>
    </message>
    <message>
        <source>Last change:</source>
        <translation>最后修改：</translation>
    </message>
    <message>
        <source>Players:</source>
        <translation>选手：</translation>
    </message>
    <message>
        <source>Substitutes:</source>
        <translation>替补选手：</translation>
    </message>
    <message>
        <source>Withdrawn:</source>
        <translation>已退赛：</translation>
    </message>
    <message>
        <source>Tables drawn:</source>
        <translation>已分桌桌数：</translation>
    </message>
    <message>
        <source>Hands recorded:</source>
        <translation>已记录局数：</translation>
    </message>
    <message>
        <source>Penalties:</source>
        <translation>罚分次数：</translation>
    </message>
    <message>
        <source>No tournament is open. Use File ▸ New… or File ▸ Open…</source>
        <translation>未打开比赛。请使用“文件 ▸ 新建…”或“文件 ▸ 打开…”</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>{played} of {total}</source>
        <translation>{played} / {total}</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
</context>
<context>
    <name>PassphraseDialog</name>
    <message>
        <source>Change the Head Judge&apos;s Passphrase</source>
        <translation>更改裁判长密码</translation>
    </message>
    <message>
        <source>Set the Head Judge&apos;s Passphrase</source>
        <translation>设置裁判长密码</translation>
    </message>
    <message>
        <source>The passphrase was set on {when}. Type the current one, then the new one twice.</source>
        <translation>密码设置于 {when}。请输入当前密码，再输入两次新密码。</translation>
    </message>
    <message>
        <source>Without a passphrase, no signed sheet can be corrected and no finished session reopened.</source>
        <translation>没有密码，就无法更正已签名的记分表，也无法重新开启已结束的场次。</translation>
    </message>
    <message>
        <source>the head judge&apos;s name</source>
        <translation>裁判长姓名</translation>
    </message>
    <message>
        <source>Head &amp;judge:</source>
        <translation>裁判长(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Current passphrase:</source>
        <translation>当前密码(&amp;C)：</translation>
    </message>
</context>
<context>
    <name>PaymentWords</name>
    <message>
        <source>nobody pays</source>
        <translation>无人支付</translation>
    </message>
    <message>
        <source>{who} pay {amount} each</source>
        <translation>{who} 各付 {amount}</translation>
    </message>
    <message>
        <source>{payer} pays {odd}, the others {usual} each</source>
        <translation>{payer} 付 {odd}，其余各付 {usual}</translation>
    </message>
    <message>
        <source>{payer} pays {amount}</source>
        <translation>{payer} 付 {amount}</translation>
    </message>
    <message>
        <source>{who} nothing</source>
        <translation>{who} 不付</translation>
    </message>
    <message>
        <source>{winner} gets {amount}</source>
        <translation>{winner} 得 {amount}</translation>
    </message>
    <message>
        <source>{some} and {last}</source>
        <translation>{some} 和 {last}</translation>
    </message>
</context>
<context>
    <name>PenaltyModel</name>
    <message>
        <source>Player</source>
        <translation>选手</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>incident</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>{lost} (+{share} to each other player)</source>
        <translation>{lost}（其他每位选手 +{share}）</translation>
    </message>
</context>
<context>
    <name>PenaltyPanel</name>
    <message>
        <source> s over</source>
        <translation> 秒超时</translation>
    </message>
    <message>
        <source>{points} points per {seconds} s over, or part of it</source>
        <translation>每超时 {seconds} 秒（不足亦计）罚 {points} 分</translation>
    </message>
    <message>
        <source>Time penalty: {rule}</source>
        <translation>超时罚分：{rule}</translation>
    </message>
    <message>
        <source>{s} s → {p}</source>
        <translation>{s} 秒 → {p}</translation>
    </message>
    <message>
        <source>Time: {rule} ({examples}); over {limit} in one hand: resigned</source>
        <translation>超时：{rule}（{examples}）；一局超过 {limit} 分：视为弃权</translation>
    </message>
    <message>
        <source> pts</source>
        <translation> 分</translation>
    </message>
    <message>
        <source>no hand</source>
        <translation>不指定局</translation>
    </message>
    <message>
        <source>hand </source>
        <translation>局 </translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Add penalty</source>
        <translation>添加罚分</translation>
    </message>
    <message>
        <source>Remove selected</source>
        <translation>删除所选</translation>
    </message>
    <message>
        <source>{name}: over {limit} time-penalty points in hand {hand}: treated as resigned unless the judge excuses him.</source>
        <translation>{name}：第 {hand} 局超时罚分超过 {limit} 分：除非裁判豁免，否则视为弃权。</translation>
    </message>
    <message>
        <source>This penalty takes {name} over {limit} points in hand {hand}.</source>
        <translation>此项罚分使 {name} 在第 {hand} 局的罚分超过 {limit} 分。</translation>
    </message>
    <message>
        <source>A penalty typed for table {table} is not added.</source>
        <translation>为第 {table} 桌输入的罚分尚未添加。</translation>
    </message>
    <message>
        <source>{seconds} s over</source>
        <translation>超时 {seconds} 秒</translation>
    </message>
    <message>
        <source>{over}; {note}</source>
        <translation>{over}；{note}</translation>
    </message>
</context>
<context>
    <name>PlayerCardsDialog</name>
    <message>
        <source>Player</source>
        <translation>选手</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>记分卡</translation>
    </message>
    <message>
        <source>Signed</source>
        <translation>已签名</translation>
    </message>
    <message>
        <source>Against the sheet</source>
        <translation>与记分表比对</translation>
    </message>
    <message>
        <source>Player Cards — Table {table}</source>
        <translation>选手记分卡 — 第 {table} 桌</translation>
    </message>
    <message>
        <source>75 -25 -25 -25
-30 -30 90 -30
…</source>
        <translation>75 -25 -25 -25
-30 -30 90 -30
…</translation>
    </message>
    <message>
        <source>Signed by the three opponents</source>
        <translation>已由三位对手签名</translation>
    </message>
    <message>
        <source>Copy the Sheet</source>
        <translation>复制记分表</translation>
    </message>
    <message>
        <source>For the card the sheet was typed from: its figures are the sheet&apos;s</source>
        <translation>用于录入记分表时所依据的那张卡：其数字即记分表的数字</translation>
    </message>
    <message>
        <source>Save Card</source>
        <translation>保存记分卡</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
    <message>
        <source>Typed by:</source>
        <translation>录入者：</translation>
    </message>
    <message>
        <source>typed by {who}</source>
        <translation>由 {who} 录入</translation>
    </message>
    <message>
        <source>not typed</source>
        <translation>未录入</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>One line per hand, the points of {order}, as the card shows them:</source>
        <translation>每局一行，按记分卡所示依次填写 {order} 的分数：</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>hand {hand}: {who}</source>
        <translation>第 {hand} 局：{who}</translation>
    </message>
    <message>
        <source>hand {hands} is not on the card</source>
        <translation>第 {hands} 局不在记分卡上</translation>
    </message>
    <message>
        <source>hands {hands} are not on the card</source>
        <translation>第 {hands} 局不在记分卡上</translation>
    </message>
    <message>
        <source>hand {hands} is not on the sheet</source>
        <translation>第 {hands} 局不在记分表上</translation>
    </message>
    <message>
        <source>hands {hands} are not on the sheet</source>
        <translation>第 {hands} 局不在记分表上</translation>
    </message>
    <message>
        <source>Line {line} (“{text}”) is not a hand: four whole numbers, one for each player in the order above, each hand once.</source>
        <translation>第 {line} 行（“{text}”）不是有效的一局：应为四个整数，按上述顺序每位选手一个，每局只填一次。</translation>
    </message>
    <message>
        <source>The four cards agree with the sheet: it is signed and locked.</source>
        <translation>四张记分卡与记分表一致：记分表已签名并锁定。</translation>
    </message>
    <message>
        <source>{name}&apos;s card is saved; it differs from the sheet: {verdict}.</source>
        <translation>{name} 的记分卡已保存；与记分表不一致：{verdict}。</translation>
    </message>
    <message>
        <source>{name}&apos;s card is saved and agrees with the sheet.</source>
        <translation>{name} 的记分卡已保存，与记分表一致。</translation>
    </message>
</context>
<context>
    <name>PlayerCommands</name>
    <message>
        <source>Add player {name}</source>
        <translation>添加选手 {name}</translation>
    </message>
    <message>
        <source>Edit player {name}</source>
        <translation>编辑选手 {name}</translation>
    </message>
    <message>
        <source>Withdraw {name}</source>
        <translation>{name} 退赛</translation>
    </message>
    <message>
        <source>Reinstate {name}</source>
        <translation>恢复 {name} 参赛</translation>
    </message>
    <message>
        <source>Remove player {name}</source>
        <translation>删除选手 {name}</translation>
    </message>
    <message>
        <source>Import players from {file}</source>
        <translation>从 {file} 导入选手</translation>
    </message>
    <message>
        <source>Remove Imported Players</source>
        <translation>移除导入的选手</translation>
    </message>
    <message>
        <source>Remove the 1 player imported from {file}?</source>
        <translation>移除从 {file} 导入的 1 名选手？</translation>
    </message>
    <message>
        <source>Remove the {count} players imported from {file}?</source>
        <translation>移除从 {file} 导入的 {count} 名选手？</translation>
    </message>
    <message>
        <source>Edit ▸ Redo imports them again.</source>
        <translation>“编辑 ▸ 重做”可重新导入。</translation>
    </message>
    <message>
        <source>Remove Players</source>
        <translation>移除选手</translation>
    </message>
</context>
<context>
    <name>PlayerSeatsModel</name>
    <message>
        <source>Player</source>
        <translation>选手</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>桌</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
</context>
<context>
    <name>PlayersModel</name>
    <message>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <source>Native name</source>
        <translation>本名</translation>
    </message>
    <message>
        <source>Reg. no.</source>
        <translation>报名编号</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>国家/地区</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱乐部</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>队伍</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Substitute</source>
        <translation>替补选手</translation>
    </message>
</context>
<context>
    <name>PlayersPage</name>
    <message>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <source>Native name</source>
        <translation>本名</translation>
    </message>
    <message>
        <source>Reg. no.</source>
        <translation>报名编号</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>国家/地区</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱乐部</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>队伍</translation>
    </message>
    <message>
        <source>Import players</source>
        <translation>导入选手</translation>
    </message>
    <message>
        <source>Registration tables (*.csv *.xlsx *.xlsm *.txt *.tsv)</source>
        <translation>报名表 (*.csv *.xlsx *.xlsm *.txt *.tsv)</translation>
    </message>
    <message>
        <source>Search name, reg. no., country, club… (accents and case aside)</source>
        <translation>搜索姓名、报名编号、国家/地区、俱乐部…（不区分重音和大小写）</translation>
    </message>
    <message>
        <source>All players</source>
        <translation>全部选手</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>参赛中</translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation>已退赛</translation>
    </message>
    <message>
        <source>Cut</source>
        <translation>已淘汰</translation>
    </message>
    <message>
        <source>New player</source>
        <translation>新选手</translation>
    </message>
    <message>
        <source>given when left empty</source>
        <translation>留空则自动分配</translation>
    </message>
    <message>
        <source>Su&amp;bstitute (seated only to fill a table)</source>
        <translation>替补选手（仅用于补满一桌）(&amp;B)</translation>
    </message>
    <message>
        <source>A substitute plays only when the field does not fill tables of four and the event seats substitutes; set when the player is added</source>
        <translation>仅当参赛人数凑不满四人一桌、且本比赛安排替补选手时，替补选手才上场；在添加选手时设定</translation>
    </message>
    <message>
        <source>&amp;Add as new player</source>
        <translation>添加为新选手(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Save changes</source>
        <translation>保存修改(&amp;S)</translation>
    </message>
    <message>
        <source>Wi&amp;thdraw</source>
        <translation>退赛(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Remove registration</source>
        <translation>删除报名(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;New (clear form)</source>
        <translation>新建（清空表单）(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Import CSV/XLSX…</source>
        <translation>导入 CSV/XLSX(&amp;I)…</translation>
    </message>
    <message>
        <source>Editing {name} (no. {number})</source>
        <translation>编辑 {name}（编号 {number}）</translation>
    </message>
    <message>
        <source>Reins&amp;tate</source>
        <translation>恢复参赛(&amp;T)</translation>
    </message>
    <message>
        <source>A new player is typed in the form and not added.</source>
        <translation>表单中输入了新选手，但尚未添加。</translation>
    </message>
    <message>
        <source>Changes to {name} in the form are not saved.</source>
        <translation>表单中对 {name} 的修改尚未保存。</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>Discard the new player typed in the form?</source>
        <translation>放弃表单中输入的新选手？</translation>
    </message>
    <message>
        <source>Add as new player registers him; he is not registered yet.</source>
        <translation>“添加为新选手”才会为他报名；他尚未报名。</translation>
    </message>
    <message>
        <source>Save the changes to {name}?</source>
        <translation>保存对 {name} 的修改？</translation>
    </message>
    <message>
        <source>They are typed in the form and not saved yet.</source>
        <translation>这些修改已输入表单，但尚未保存。</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>{name} was removed meanwhile (at another station): the changes typed for him are not saved.</source>
        <translation>{name} 已在此期间被移除（在另一台工作站）：为他输入的修改未保存。</translation>
    </message>
    <message>
        <source>Registered {name} as no. {number}.</source>
        <translation>已为 {name} 报名，编号 {number}。</translation>
    </message>
    <message>
        <source>{said} Session 1 was drawn before he registered: he is seated from session 2.</source>
        <translation>{said}第 1 场在他报名前已分桌：他从第 2 场起入座。</translation>
    </message>
    <message>
        <source>{said} Sessions 1 to {session} were drawn before he registered: he is seated from session {next}.</source>
        <translation>{said}第 1 至第 {session} 场在他报名前已分桌：他从第 {next} 场起入座。</translation>
    </message>
    <message>
        <source>No. {number}: {name}, {country}{club}</source>
        <translation>编号 {number}：{name}，{country}{club}</translation>
    </message>
    <message>
        <source>no country</source>
        <translation>无国家/地区</translation>
    </message>
    <message>
        <source>Possible Duplicate</source>
        <translation>可能重复</translation>
    </message>
    <message>
        <source>{name} may be registered already.</source>
        <translation>{name} 可能已报名。</translation>
    </message>
    <message>
        <source>Registered with the same name and country:
{twins}

Register {name} anyway, as a different player?</source>
        <translation>已有姓名和国家/地区相同的报名：
{twins}

仍将 {name} 作为另一名选手报名？</translation>
    </message>
    <message>
        <source>Register Anyway</source>
        <translation>仍然报名</translation>
    </message>
    <message>
        <source>Saved the changes to {name} (no. {number}).</source>
        <translation>已保存 {name}（编号 {number}）的修改。</translation>
    </message>
    <message>
        <source>Withdrew {name}. Edit ▸ Undo takes it back.</source>
        <translation>{name} 已退赛。可用 编辑 ▸ 撤销 取消。</translation>
    </message>
    <message>
        <source>Reinstated {name}.</source>
        <translation>已恢复 {name} 参赛。</translation>
    </message>
    <message>
        <source>{name} is seated at table {table} of session {session}, which is being played. Its sheet keeps what he played; he is not seated again.</source>
        <translation>{name} 坐在第 {session} 场第 {table} 桌，该场正在进行。计分表保留他已打的牌局；此后不再为他排座。</translation>
    </message>
    <message>
        <source>{name} is seated at table {table} of session {session}, which is published: it must be drawn again before it starts.</source>
        <translation>{name} 坐在第 {session} 场第 {table} 桌，该场已发布：开始前必须重新分桌。</translation>
    </message>
    <message>
        <source>Withdraw Player</source>
        <translation>选手退赛</translation>
    </message>
    <message>
        <source>Withdraw {name}?</source>
        <translation>让 {name} 退赛？</translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation>退赛</translation>
    </message>
    <message>
        <source>Importing 1 player…</source>
        <translation>正在导入 1 名选手…</translation>
    </message>
    <message>
        <source>Importing {n} players…</source>
        <translation>正在导入 {n} 名选手…</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>未导入任何内容。</translation>
    </message>
    <message>
        <source>Imported 1 player from {file}.</source>
        <translation>已从 {file} 导入 1 名选手。</translation>
    </message>
    <message>
        <source>Imported {n} players from {file}.</source>
        <translation>已从 {file} 导入 {n} 名选手。</translation>
    </message>
    <message>
        <source>Possible Duplicates</source>
        <translation>可能重复</translation>
    </message>
    <message>
        <source>Some players in {file} may be registered already.</source>
        <translation>{file} 中的部分选手可能已报名。</translation>
    </message>
    <message>
        <source>Import them anyway, as different players, or leave them out and import the others?</source>
        <translation>仍将他们作为不同的选手导入，还是略过他们、只导入其余选手？</translation>
    </message>
    <message>
        <source>Leave Them Out</source>
        <translation>略过他们</translation>
    </message>
    <message>
        <source>Import Anyway</source>
        <translation>仍然导入</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>WSOM 2015: 4 sessions, then cuts to the final table</source>
        <translation>WSOM 2015：4 场，然后晋级淘汰至决赛桌</translation>
    </message>
    <message>
        <source>WSOM 2010: 6 sessions, then cuts to the final table</source>
        <translation>WSOM 2010：6 场，然后晋级淘汰至决赛桌</translation>
    </message>
    <message>
        <source>Open: sessions only, no cuts</source>
        <translation>公开赛：只有场次，不设晋级淘汰</translation>
    </message>
    <message>
        <source>1 session</source>
        <translation>1 场</translation>
    </message>
    <message>
        <source>{n} sessions</source>
        <translation>{n} 场</translation>
    </message>
    <message>
        <source>carrying {carry:.0%}</source>
        <translation>带入 {carry:.0%}</translation>
    </message>
    <message>
        <source>top {n} go on</source>
        <translation>前 {n} 名晋级</translation>
    </message>
    <message>
        <source>Rounds set on Setup: {rounds}</source>
        <translation>在设置页设定的轮次：{rounds}</translation>
    </message>
</context>
<context>
    <name>ProjectorFeed</name>
    <message>
        <source>session {n}</source>
        <translation>第 {n} 场</translation>
    </message>
    <message>
        <source>next: session {n}</source>
        <translation>下一场：第 {n} 场</translation>
    </message>
    <message>
        <source>after session {n}</source>
        <translation>第 {n} 场后</translation>
    </message>
    <message>
        <source>“†” after a rank: equal score and raw total, placed by the recorded draw</source>
        <translation>名次后的“†”：换算分与原始总分均相同，按记录在案的抽签结果排序</translation>
    </message>
</context>
<context>
    <name>ProjectorScreenMenu</name>
    <message>
        <source>Projector &amp;Screen</source>
        <translation>投影屏幕(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Automatic: a second screen, else a window</source>
        <translation>自动：优先第二屏幕，否则用窗口(&amp;A)</translation>
    </message>
    <message>
        <source>{screen} (this desk)</source>
        <translation>{screen}（本机）</translation>
    </message>
    <message>
        <source>{screen} (not connected)</source>
        <translation>{screen}（未连接）</translation>
    </message>
</context>
<context>
    <name>ProjectorWindow</name>
    <message>
        <source>Tournament Manager — Projector</source>
        <translation>Tournament Manager — 投影</translation>
    </message>
    <message>
        <source>TIME IS UP</source>
        <translation>时间到</translation>
    </message>
    <message>
        <source>Close the Projector</source>
        <translation>关闭投影</translation>
    </message>
    <message>
        <source>Projector Full Screen</source>
        <translation>投影全屏</translation>
    </message>
    <message>
        <source>Next Projector Page</source>
        <translation>投影下一页</translation>
    </message>
    <message>
        <source>Previous Projector Page</source>
        <translation>投影上一页</translation>
    </message>
    <message>
        <source>page {n} of {total}</source>
        <translation>第 {n} 页，共 {total} 页</translation>
    </message>
    <message>
        <source>Time is up</source>
        <translation>时间到</translation>
    </message>
    <message>
        <source>Clock paused · {left}</source>
        <translation>计时已暂停 · {left}</translation>
    </message>
    <message>
        <source>Time left {left}</source>
        <translation>剩余时间 {left}</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QuickGuideDialog</name>
    <message>
        <source>Quick Guide</source>
        <translation>快速指南</translation>
    </message>
    <message>
        <source>
&lt;h2&gt;An event&apos;s day, in order&lt;/h2&gt;
&lt;ol&gt;
&lt;li&gt;&lt;b&gt;File ▸ New…&lt;/b&gt; names the event, its rules (Zung Jung, MCR, classical), its format
and its head judge with his passphrase. The tournament is one file; every action is saved
the moment it is made, and the file is backed up when it is opened, before each session
starts and when it is closed. There is no Save.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Setup&lt;/b&gt;: hands per session, the time limit and the other settings, until the
first session is drawn. The event&apos;s name and venue can change at any time.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Players&lt;/b&gt;: add players one by one, or import a registration table (.csv or
.xlsx; drop it on the page) and check the column mapping in the preview.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Seating&lt;/b&gt;: choose a session, &lt;b&gt;Draw…&lt;/b&gt; it and read the quality report (repeat
meetings), draw again if you like, then &lt;b&gt;Publish&lt;/b&gt; it: only now do players see their
tables. &lt;b&gt;Start session&lt;/b&gt; takes a backup and starts the session clock. The wind draw at
a table shows the dice and tiles.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Score sheets&lt;/b&gt;: pick the table and type each hand in the entry bar (the
calculator beside it scores a hand from its tiles). Penalties and the four signatures are
in the drawer under the sheet; a sheet signed by its four players is locked.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Standings&lt;/b&gt; are live after every hand; choose a session to see them as they stood
after it. &lt;b&gt;Cuts&lt;/b&gt; shows where the line falls and what decided it; &lt;b&gt;Make cut…&lt;/b&gt;
takes the qualifiers into the next round.&lt;/li&gt;
&lt;/ol&gt;
&lt;h3&gt;The room&lt;/h3&gt;
&lt;p&gt;&lt;b&gt;View ▸ Projector Window&lt;/b&gt; shows the seating (the session being played, or the next
one) and the standings to the room, with the session clock; choose its screen under
&lt;b&gt;View ▸ Projector Screen&lt;/b&gt;. &lt;b&gt;View ▸ Session Clock&lt;/b&gt; pauses and resumes the clock
for every table, or gives every table extra time. When time is up, a red band says so in
the window and on the projector.&lt;/p&gt;
&lt;h3&gt;The record and the head judge&lt;/h3&gt;
&lt;p&gt;Only the head judge changes a locked sheet or reopens a finished session, with his
passphrase and a reason that goes on the record and on every printout. &lt;b&gt;View ▸ Verify
Record…&lt;/b&gt; checks every signed sheet, every hand&apos;s payments, the cuts and the audit log.&lt;/p&gt;
&lt;h3&gt;Keys&lt;/h3&gt;
&lt;p&gt;Ctrl+1 … Ctrl+6 go to the pages, Ctrl+PgUp and Ctrl+PgDown to the previous and next
one. &lt;b&gt;Help ▸ Keyboard Shortcuts&lt;/b&gt; lists every key.&lt;/p&gt;
</source>
        <translation>
&lt;h2&gt;比赛日流程&lt;/h2&gt;
&lt;ol&gt;
&lt;li&gt;&lt;b&gt;文件 ▸ 新建…&lt;/b&gt;：为比赛命名，设定规则（中庸计分、国标麻将 (MCR)、传统计分）、赛制，以及裁判长和他的密码。一场比赛就是一个文件；每项操作完成即保存，文件在打开时、每场开始前和关闭时都会备份。没有“保存”命令。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;设置&lt;/b&gt;：每场局数、时限及其他设置，在第一场分桌前均可修改。比赛名称和地点随时可改。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;选手&lt;/b&gt;：逐个添加选手，或导入报名表（.csv 或 .xlsx；拖放到页面上即可），并在预览中检查列的对应关系。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;分桌&lt;/b&gt;：选择一场，&lt;b&gt;抽签分桌…&lt;/b&gt;并查看质量报告（重复相遇），可按需重新抽签，然后&lt;b&gt;发布&lt;/b&gt;：此时选手才能看到自己的桌次。&lt;b&gt;开始本场&lt;/b&gt;会先备份，再启动场次计时。各桌的抽位会显示骰子和牌。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;记分表&lt;/b&gt;：选择桌，在录入栏中逐局录入（旁边的计算器可根据牌面计算一局的分值）。罚分和四人签名在记分表下方的抽屉中；四位选手都签名后，记分表即锁定。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;排名&lt;/b&gt;每局之后实时更新；选择某一场可查看该场结束时的排名。&lt;b&gt;晋级淘汰&lt;/b&gt;显示晋级线的位置及其决定因素；&lt;b&gt;执行晋级淘汰…&lt;/b&gt;将晋级者带入下一轮。&lt;/li&gt;
&lt;/ol&gt;
&lt;h3&gt;赛场&lt;/h3&gt;
&lt;p&gt;&lt;b&gt;视图 ▸ 投影窗口&lt;/b&gt;向全场显示分桌（进行中的一场或下一场）和排名，并显示场次计时；在&lt;b&gt;视图 ▸ 投影屏幕&lt;/b&gt;中选择其屏幕。&lt;b&gt;视图 ▸ 场次计时&lt;/b&gt;可暂停或恢复所有桌的计时，或为所有桌加时。时间到时，窗口和投影上会出现红色横幅提示。&lt;/p&gt;
&lt;h3&gt;记录与裁判长&lt;/h3&gt;
&lt;p&gt;只有裁判长可以修改已锁定的记分表或重新开启已结束的场次，须输入密码并填写原因，原因会记入记录并出现在每份打印件上。&lt;b&gt;视图 ▸ 核验记录…&lt;/b&gt;会核验每张已签名的记分表、每一局的支付、晋级淘汰和审计记录。&lt;/p&gt;
&lt;h3&gt;按键&lt;/h3&gt;
&lt;p&gt;Ctrl+1 … Ctrl+6 转到各页面，Ctrl+PgUp 和 Ctrl+PgDown 转到上一个和下一个页面。&lt;b&gt;帮助 ▸ 键盘快捷键&lt;/b&gt;列出所有按键。&lt;/p&gt;
</translation>
    </message>
</context>
<context>
    <name>RenameHeadJudgeDialog</name>
    <message>
        <source>Rename the Head Judge</source>
        <translation>更改裁判长姓名</translation>
    </message>
    <message>
        <source>The head judge&apos;s name goes on every correction and on its printouts. His passphrase stays as it is: type it to confirm.</source>
        <translation>裁判长姓名会出现在每次更正及其打印件上。密码保持不变：请输入密码以确认。</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>更名</translation>
    </message>
    <message>
        <source>New &amp;name:</source>
        <translation>新姓名(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Passphrase:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
</context>
<context>
    <name>RoomClock</name>
    <message>
        <source>Session &amp;Clock</source>
        <translation>场次计时(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Pause All Tables</source>
        <translation>所有桌暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Resume All Tables</source>
        <translation>所有桌继续(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Extra Time for All Tables…</source>
        <translation>所有桌加时(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>RoomExtraTimeDialog</name>
    <message>
        <source>Extra Time for Every Table</source>
        <translation>所有桌加时</translation>
    </message>
    <message>
        <source>Give every table of session {session} extra time on the session clock?</source>
        <translation>在场次计时上为第 {session} 场的所有桌加时？</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Tables given time of their own keep it on top. Edit ▸ Undo does not take this back: negative minutes do, down to the {given} given so far.</source>
        <translation>已单独加时的桌在此基础上保留各自的加时。“编辑 ▸ 撤销”不能撤回此操作，输入负数分钟可撤回，最多撤回至今已加的 {given}。</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <source>Give Extra Time</source>
        <translation>加时</translation>
    </message>
    <message>
        <source>Extra minutes for every table:</source>
        <translation>每桌加时分钟数：</translation>
    </message>
    <message>
        <source>Type the minutes to give (negative to take back).</source>
        <translation>输入要加的分钟数（负数为撤回）。</translation>
    </message>
    <message>
        <source>The room&apos;s time left becomes {left}.</source>
        <translation>场内剩余时间将变为 {left}。</translation>
    </message>
    <message>
        <source>The room&apos;s time is then still up ({over} over).</source>
        <translation>场内时间届时仍已到（超出 {over}）。</translation>
    </message>
</context>
<context>
    <name>RoundCommands</name>
    <message>
        <source>Cut after round {n}</source>
        <translation>第 {n} 轮后晋级淘汰</translation>
    </message>
    <message>
        <source>Take back the cut after round {n}</source>
        <translation>撤回第 {n} 轮后的晋级淘汰</translation>
    </message>
    <message>
        <source>Make the Cut</source>
        <translation>执行晋级淘汰</translation>
    </message>
    <message>
        <source>Make the cut after round {n} again?</source>
        <translation>重新执行第 {n} 轮后的晋级淘汰？</translation>
    </message>
    <message>
        <source>The players it took on go on to the next round again, and the others leave the standings of that round.</source>
        <translation>原晋级选手重新进入下一轮，其余选手退出该轮排名。</translation>
    </message>
    <message>
        <source>Take Back the Cut</source>
        <translation>撤回晋级淘汰</translation>
    </message>
    <message>
        <source>Take back the cut after round {n}?</source>
        <translation>撤回第 {n} 轮后的晋级淘汰？</translation>
    </message>
    <message>
        <source>Everyone plays on in round {n}&apos;s standings again, as before the cut; Edit ▸ Redo makes it again.</source>
        <translation>所有选手重新列入第 {n} 轮的排名，恢复晋级淘汰前的状态；“编辑 ▸ 重做”可再次执行。</translation>
    </message>
    <message>
        <source>Everyone plays on in round {n}&apos;s standings again, as before the cut; Edit ▸ Undo makes it again.</source>
        <translation>所有选手重新列入第 {n} 轮的排名，恢复晋级淘汰前的状态；“编辑 ▸ 撤销”可再次执行。</translation>
    </message>
</context>
<context>
    <name>SeatingCommands</name>
    <message>
        <source>Swap {a} and {b} in session {session}</source>
        <translation>第 {session} 场交换 {a} 与 {b}</translation>
    </message>
    <message>
        <source>Publish the draw of session {n}</source>
        <translation>发布第 {n} 场分桌</translation>
    </message>
    <message>
        <source>Withdraw the Draw</source>
        <translation>撤回分桌</translation>
    </message>
    <message>
        <source>Withdraw the published draw of session {n}?</source>
        <translation>撤回第 {n} 场已公布的分桌？</translation>
    </message>
    <message>
        <source>The draw published before it stands again.</source>
        <translation>之前公布的分桌将恢复有效。</translation>
    </message>
    <message>
        <source>Session {n} has no published seating until Edit ▸ Redo publishes it again.</source>
        <translation>在“编辑 ▸ 重做”重新公布之前，第 {n} 场没有已公布的分桌。</translation>
    </message>
    <message>
        <source>Start session {n}</source>
        <translation>开始第 {n} 场</translation>
    </message>
    <message>
        <source>Undo the Start</source>
        <translation>撤销开始</translation>
    </message>
    <message>
        <source>Undo the start of session {n}?</source>
        <translation>撤销第 {n} 场的开始？</translation>
    </message>
    <message>
        <source>Its clock stops and is cleared; the session can be redrawn before it starts again.</source>
        <translation>计时停止并清零；重新开始之前可重新分桌。</translation>
    </message>
    <message>
        <source>T{table}</source>
        <translation>第 {table} 桌</translation>
    </message>
    <message>
        <source>T{table}, cycle {cycle}</source>
        <translation>第 {table} 桌第 {cycle} 圈</translation>
    </message>
    <message>
        <source>Wind draw at {where}</source>
        <translation>{where}抽位</translation>
    </message>
    <message>
        <source>Record the wind draw at {where}</source>
        <translation>记录{where}抽位</translation>
    </message>
    <message>
        <source>Record the winds at {where}</source>
        <translation>记录{where}风位</translation>
    </message>
</context>
<context>
    <name>SeatingModel</name>
    <message>
        <source>Table</source>
        <translation>桌</translation>
    </message>
    <message>
        <source>East</source>
        <translation>东</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北</translation>
    </message>
</context>
<context>
    <name>SeatingPage</name>
    <message>
        <source>Repeated pairs: {n} (excess meetings {excess}, theoretical minimum {minimum})</source>
        <translation>重复相遇：{n} 对（多余相遇 {excess} 次，理论最小值 {minimum}）</translation>
    </message>
    <message>
        <source>  {a} and {b} meet again{back}</source>
        <translation>  {a} 与 {b} 再次相遇{back}</translation>
    </message>
    <message>
        <source> (back to back)</source>
        <translation>（连续两场）</translation>
    </message>
    <message>
        <source>  … and {n} more</source>
        <translation>  …… 另有 {n} 对</translation>
    </message>
    <message>
        <source>Most meetings of one pair: {n}</source>
        <translation>同一对选手最多相遇次数：{n}</translation>
    </message>
    <message>
        <source>Wind spread: {n} ({state})</source>
        <translation>风位分布差：{n}（{state}）</translation>
    </message>
    <message>
        <source>balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>not balanced</source>
        <translation>不均衡</translation>
    </message>
    <message>
        <source>Table revisits: {n}{forced}</source>
        <translation>重复坐同一桌：{n}{forced}</translation>
    </message>
    <message>
        <source> (forced)</source>
        <translation>（无法避免）</translation>
    </message>
    <message>
        <source>Club, country or team mates together: {n}</source>
        <translation>同俱乐部、国家/地区或队伍的选手同桌：{n}</translation>
    </message>
    <message>
        <source>The round as planned, sessions {first} to {last}: no pair meets twice.</source>
        <translation>按计划，本轮第 {first} 至第 {last} 场：没有任何一对选手相遇两次。</translation>
    </message>
    <message>
        <source>The round as planned, sessions {first} to {last}: {n} repeated pairs (excess meetings {excess}, theoretical minimum {minimum}, back to back {back}); most meetings of one pair: {most}.</source>
        <translation>按计划，本轮第 {first} 至第 {last} 场：重复相遇 {n} 对（多余相遇 {excess} 次，理论最小值 {minimum}，连续两场 {back} 对）；同一对选手最多相遇次数：{most}。</translation>
    </message>
    <message>
        <source>Wind spread at the end of session {last}: {n} ({state}).</source>
        <translation>第 {last} 场结束时的风位分布差：{n}（{state}）。</translation>
    </message>
    <message>
        <source>{order}, on the standings after session {before} (Final seating on Setup): players who have met before are not kept apart.</source>
        <translation>{order}，依第 {before} 场后的排名（设置页的“淘汰赛/决赛座位”）：已经交过手的选手不会被分开。</translation>
    </message>
    <message>
        <source>Draw of session {n}: not published yet.</source>
        <translation>第 {n} 场分桌：尚未发布。</translation>
    </message>
    <message>
        <source>The search was stopped: this is the best draw it had found.</source>
        <translation>搜索已停止：这是目前找到的最佳分桌。</translation>
    </message>
    <message>
        <source>Bye this session: {players}.</source>
        <translation>本场轮空：{players}。</translation>
    </message>
    <message>
        <source>The event seats substitutes to fill the last table, but {n} more would be needed, so byes were used. Register a substitute on the Players page (tick Substitute) and draw again to seat everyone.</source>
        <translation>本比赛以替补选手补满最后一桌，但还需要 {n} 名替补选手，因此改用了轮空。请在“选手”页面登记替补选手（勾选“替补选手”），然后重新分桌，让每个人都有座位。</translation>
    </message>
    <message>
        <source>&amp;Draw…</source>
        <translation>抽签分桌(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Publish</source>
        <translation>发布(&amp;P)</translation>
    </message>
    <message>
        <source>Dis&amp;card draw…</source>
        <translation>放弃分桌(&amp;C)…</translation>
    </message>
    <message>
        <source>Throw the draw shown away without publishing it</source>
        <translation>不发布，放弃所示的分桌</translation>
    </message>
    <message>
        <source>&amp;Start session</source>
        <translation>开始本场(&amp;S)</translation>
    </message>
    <message>
        <source>Fi&amp;nish session…</source>
        <translation>结束本场(&amp;N)…</translation>
    </message>
    <message>
        <source>Re&amp;open session…</source>
        <translation>重开本场(&amp;O)…</translation>
    </message>
    <message>
        <source>The head judge reopens a finished session, with his passphrase and a reason on record</source>
        <translation>裁判长凭口令重开已结束的场次，并记录原因</translation>
    </message>
    <message>
        <source>S&amp;wap</source>
        <translation>交换(&amp;W)</translation>
    </message>
    <message>
        <source>C&amp;ycle:</source>
        <translation>圈(&amp;Y)：</translation>
    </message>
    <message>
        <source>Simula&amp;te the draw at the selected table</source>
        <translation>模拟所选桌的抽位(&amp;T)</translation>
    </message>
    <message>
        <source>Draw &amp;all tables</source>
        <translation>全部桌抽位(&amp;A)</translation>
    </message>
    <message>
        <source>Simulate the wind draw of cycle 1 at every table of the session that has not started playing (one entry of Edit ▸ Undo)</source>
        <translation>为本场尚未开打的每一桌模拟第 1 圈的抽位（在 编辑 ▸ 撤销 中为一项）</translation>
    </message>
    <message>
        <source>&amp;Record the table&apos;s draw…</source>
        <translation>记录该桌的抽位(&amp;R)…</translation>
    </message>
    <message>
        <source>Type the tiles and throws of a draw done at the table (or who took which wind); the winds are shown before they are saved</source>
        <translation>输入在该桌抽位时的牌和掷骰点数（或谁取得了哪个风位）；保存前会先显示风位</translation>
    </message>
    <message>
        <source>Wind draw at a table</source>
        <translation>单桌抽位</translation>
    </message>
    <message>
        <source>published; new draw not published yet</source>
        <translation>已发布；新分桌尚未发布</translation>
    </message>
    <message>
        <source>drawn, not published yet</source>
        <translation>已排座，尚未公布</translation>
    </message>
    <message>
        <source>1 table</source>
        <translation>1 桌</translation>
    </message>
    <message>
        <source>{n} tables</source>
        <translation>{n} 桌</translation>
    </message>
    <message>
        <source>1 table planned with the draw</source>
        <translation>随本次分桌安排 1 桌</translation>
    </message>
    <message>
        <source>{n} tables planned with the draw</source>
        <translation>随本次分桌安排 {n} 桌</translation>
    </message>
    <message>
        <source>1 table planned</source>
        <translation>已安排 1 桌</translation>
    </message>
    <message>
        <source>{n} tables planned</source>
        <translation>已安排 {n} 桌</translation>
    </message>
    <message>
        <source>not drawn</source>
        <translation>未分桌</translation>
    </message>
    <message>
        <source>The draw of session {n} is computed but not published.</source>
        <translation>第 {n} 节的抽签已算出，但尚未公布。</translation>
    </message>
    <message>
        <source>Select two players (Ctrl+click) to see a swap&apos;s effect on repeated pairs.</source>
        <translation>选择两名选手（Ctrl+单击）可查看交换对重复相遇的影响。</translation>
    </message>
    <message>
        <source>The tables published before stand until this draw is published.</source>
        <translation>此前发布的桌位在本分桌发布之前保持有效。</translation>
    </message>
    <message>
        <source>No tables drawn yet.</source>
        <translation>尚未分桌。</translation>
    </message>
    <message>
        <source>Session {n}: planned with the draw of session {held}, not published yet. These tables are its plan once that draw is published; the session itself is drawn later.</source>
        <translation>第 {n} 场：按尚未发布的第 {held} 场分桌所做的安排。该分桌发布后，这些桌位即为本场的计划；本场本身稍后再抽签分桌。</translation>
    </message>
    <message>
        <source>Session {n}: provisional plan, not drawn yet. These tables come from the round&apos;s plan and change when the session is drawn: Draw, read the report, then Publish.</source>
        <translation>第 {n} 场：暂定安排，尚未分桌。这些桌次来自本轮的计划，正式分桌时会改变：先抽签分桌，阅读报告，然后发布。</translation>
    </message>
    <message>
        <source>Session {n}: {state}.</source>
        <translation>第 {n} 场：{state}。</translation>
    </message>
    <message>
        <source>This session still seats {gone}, who withdrew after it was drawn: draw it again before it starts; the draw keeps as much of it as it can.</source>
        <translation>本场仍安排了在分桌后退赛的 {gone}：请在开始前重新为本场分桌；分桌会尽量保留原有安排。</translation>
    </message>
    <message>
        <source>The field has changed since this plan was made: it seats {gone}, who will not play; {joined} joined after it was made. Draw the session to seat the players present; the draw keeps as much of the plan as it can.</source>
        <translation>制定此计划后参赛名单已有变化：计划中安排了不再参赛的 {gone}；{joined} 在计划制定后加入。请为本场分桌，以安排在场的选手；分桌会尽量保留原计划。</translation>
    </message>
    <message>
        <source>The field has changed since this plan was made: it seats {gone}, who will not play. Draw the session to seat the players present; the draw keeps as much of the plan as it can.</source>
        <translation>制定此计划后参赛名单已有变化：计划中安排了不再参赛的 {gone}。请为本场分桌，以安排在场的选手；分桌会尽量保留原计划。</translation>
    </message>
    <message>
        <source>The field has changed since this plan was made: {joined} joined after it was made. Draw the session to seat the players present; the draw keeps as much of the plan as it can.</source>
        <translation>制定此计划后参赛名单已有变化：{joined} 在计划制定后加入。请为本场分桌，以安排在场的选手；分桌会尽量保留原计划。</translation>
    </message>
    <message>
        <source>{cycle} (before hand {hand})</source>
        <translation>第 {cycle} 圈（第 {hand} 局前）</translation>
    </message>
    <message>
        <source> — a re-pick: the head judge&apos;s</source>
        <translation> — 重新抽位：须由裁判长进行</translation>
    </message>
    <message>
        <source>Swapping: repeated pairs {before} → {after}{new}</source>
        <translation>交换后重复相遇：{before} → {after}{new}</translation>
    </message>
    <message>
        <source> (new: {pairs})</source>
        <translation>（新增：{pairs}）</translation>
    </message>
    <message>
        <source>searching…</source>
        <translation>搜索中…</translation>
    </message>
    <message>
        <source>the best draw so far weighs {cost} (a weight, not a count, of repeated pairs and of club, country or team mates at one table; 0: neither)</source>
        <translation>目前最佳分桌的权重为 {cost}（重复对阵及同俱乐部、国家/地区或队伍的选手同桌的加权值，并非次数；0 表示两者皆无）</translation>
    </message>
    <message>
        <source>Drawing the tables of session {n} (at most {limit:.0f} s): {best}</source>
        <translation>正在为第 {n} 场分桌（最多 {limit:.0f} 秒）：{best}</translation>
    </message>
    <message>
        <source>Draw Session {n}</source>
        <translation>第 {n} 场抽签分桌</translation>
    </message>
    <message>
        <source>Drawing the tables of session {n}…</source>
        <translation>正在为第 {n} 场分桌…</translation>
    </message>
    <message>
        <source>Stop and Keep the Best</source>
        <translation>停止并保留最佳结果</translation>
    </message>
    <message>
        <source>Draw Session</source>
        <translation>抽签分桌</translation>
    </message>
    <message>
        <source>Draw session {n} and discard the draw of session {held}?</source>
        <translation>为第 {n} 场分桌，并放弃第 {held} 场的分桌？</translation>
    </message>
    <message>
        <source>The draw of session {held} is not published. One draw is held at a time: drawing session {n} throws it away.</source>
        <translation>第 {held} 场的分桌尚未发布。一次只保留一个分桌：为第 {n} 场分桌会放弃它。</translation>
    </message>
    <message>
        <source>Session {n} is published. Draw it again?</source>
        <translation>第 {n} 场已发布。要重新分桌吗？</translation>
    </message>
    <message>
        <source>Its tables may be printed and posted already. They stand until you publish the new draw; Discard draw keeps them.</source>
        <translation>其桌位可能已打印并张贴。在发布新的分桌之前，它们保持有效；“放弃分桌”会保留它们。</translation>
    </message>
    <message>
        <source>Draw Again</source>
        <translation>重新分桌</translation>
    </message>
    <message>
        <source>Discard Draw</source>
        <translation>放弃分桌</translation>
    </message>
    <message>
        <source>Discard the draw of session {n}?</source>
        <translation>放弃第 {n} 场的分桌？</translation>
    </message>
    <message>
        <source>It is not published; the session keeps what it had before the draw.</source>
        <translation>该分桌尚未发布；本场保留分桌前的安排。</translation>
    </message>
    <message>
        <source>The draw of session {n} taken back is not held: the draw of session {held} is. Edit ▸ Redo publishes it again.</source>
        <translation>撤回的第 {n} 场分桌未被保留：保留的是第 {held} 场的分桌。“编辑 ▸ 重做”可再次发布它。</translation>
    </message>
    <message>
        <source>Finish Session</source>
        <translation>结束本场</translation>
    </message>
    <message>
        <source>Finish session {n}?</source>
        <translation>结束第 {n} 场？</translation>
    </message>
    <message>
        <source>Every table&apos;s sheet must be signed and locked. The session then counts as played in the standings and cuts, and its clock stops.
Edit ▸ Undo does not reopen it: only the head judge can, with his passphrase and a reason.</source>
        <translation>每桌的记分表都必须已签名并锁定。之后本场即计入排名和晋级淘汰，其计时停止。
编辑 ▸ 撤销 不能重开本场：只有裁判长可以凭口令并说明原因重开。</translation>
    </message>
    <message>
        <source>Reopen Session</source>
        <translation>重开本场</translation>
    </message>
    <message>
        <source>Reopen session {n}: it counts as unfinished again until it is finished anew, and the cut after its round waits for it.</source>
        <translation>重开第 {n} 场：在再次结束之前，本场重新视为未结束，其所在轮之后的晋级淘汰须等待本场。</translation>
    </message>
    <message>
        <source>Select one table for its wind draw.</source>
        <translation>请选择一桌进行抽位。</translation>
    </message>
    <message>
        <source>Table {table}, cycle {cycle}:</source>
        <translation>第 {table} 桌，第 {cycle} 圈：</translation>
    </message>
    <message>
        <source>Winds as the table reported them: {winds}</source>
        <translation>该桌报告的风位：{winds}</translation>
    </message>
    <message>
        <source>Re-pick the Winds</source>
        <translation>重新抽位</translation>
    </message>
    <message>
        <source>{refusal}.
The head judge may allow it: the players of table {table} pick their seats again before cycle {cycle}, and the reason goes on the record.</source>
        <translation>{refusal}。
裁判长可以批准：第 {table} 桌的选手在第 {cycle} 圈前重新抽位，原因将记录在案。</translation>
    </message>
    <message>
        <source>Every table of session {n} has started playing: its winds are fixed.</source>
        <translation>第 {n} 场的每一桌都已开打：风位已确定。</translation>
    </message>
    <message>
        <source>Every table of session {n} that has not started has its winds drawn or recorded already. To draw a table&apos;s again, select it and simulate its draw.</source>
        <translation>第 {n} 场尚未开打的各桌均已抽定或记录风位。如需重新抽取某桌，请选中该桌并模拟其抽位。</translation>
    </message>
    <message>
        <source>Winds drawn at 1 table of session {session}{skipped}. Select a table to read its draw.</source>
        <translation>已为第 {session} 场的 1 桌抽位{skipped}。选择一桌即可查看其抽位过程。</translation>
    </message>
    <message>
        <source> ({k} drawn or recorded already kept theirs)</source>
        <translation>（{k} 桌已抽定或已记录，保留原风位）</translation>
    </message>
    <message>
        <source>Wind draw at every table of session {n}</source>
        <translation>第 {n} 场全部桌抽位</translation>
    </message>
    <message>
        <source>Table {table}, cycle 1:</source>
        <translation>第 {table} 桌，第 1 圈：</translation>
    </message>
    <message>
        <source>Winds drawn at {n} tables of session {session}{skipped}. Select a table to read its draw.</source>
        <translation>已为第 {session} 场的 {n} 桌抽位{skipped}。选择一桌即可查看其抽位过程。</translation>
    </message>
    <message>
        <source> ({k} already playing kept theirs)</source>
        <translation>（{k} 桌已开打，保留原风位）</translation>
    </message>
</context>
<context>
    <name>ServiceCommand</name>
    <message>
        <source>“{act}” cannot be undone: what it changed is no longer there (removed or replaced since, at another station perhaps).</source>
        <translation>“{act}”无法撤销：它所更改的内容已不存在（之后已被删除或替换，可能是在另一台电脑上）。</translation>
    </message>
    <message>
        <source>“{act}” cannot be done again: what it changed is no longer there (removed or replaced since, at another station perhaps).</source>
        <translation>“{act}”无法重做：它所更改的内容已不存在（之后已被删除或替换，可能是在另一台电脑上）。</translation>
    </message>
</context>
<context>
    <name>SessionListModel</name>
    <message>
        <source>Session</source>
        <translation>场次</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>轮</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>桌数</translation>
    </message>
    <message>
        <source>These tables are the round&apos;s plan, not the draw: they change when the session is drawn and published.</source>
        <translation>这些桌是本轮的暂定安排，并非分桌结果：本场抽签分桌并发布后会改变。</translation>
    </message>
</context>
<context>
    <name>SettingWords</name>
    <message>
        <source>Every session</source>
        <translation>每场</translation>
    </message>
    <message>
        <source>Every cycle of hands</source>
        <translation>每圈</translation>
    </message>
    <message>
        <source>The hand in play is void</source>
        <translation>当前局作废</translation>
    </message>
    <message>
        <source>The hand in play is finished</source>
        <translation>当前局打完</translation>
    </message>
    <message>
        <source>Deducted from the offender</source>
        <translation>从违规者扣除</translation>
    </message>
    <message>
        <source>Paid to the other three</source>
        <translation>付给其他三家</translation>
    </message>
    <message>
        <source>Match points</source>
        <translation>比赛积分</translation>
    </message>
    <message>
        <source>Raw score</source>
        <translation>原始分</translation>
    </message>
    <message>
        <source>Table points (4, 2, 1, 0)</source>
        <translation>标准分 (4, 2, 1, 0)</translation>
    </message>
    <message>
        <source>After its hands</source>
        <translation>打满局数后</translation>
    </message>
    <message>
        <source>After its deals (a dealer who wins deals again)</source>
        <translation>打满庄数后（庄家和牌则连庄）</translation>
    </message>
    <message>
        <source>One sheet per table</source>
        <translation>每桌一张记分表</translation>
    </message>
    <message>
        <source>One card per player</source>
        <translation>每位选手一张记分卡</translation>
    </message>
    <message>
        <source>By rank, snaking across tables</source>
        <translation>按名次，蛇形分配各桌</translation>
    </message>
    <message>
        <source>By rank, in blocks of four</source>
        <translation>按名次，每四人一桌</translation>
    </message>
    <message>
        <source>Drawn, fewest repeated pairs</source>
        <translation>抽签分桌，尽量不重复相遇</translation>
    </message>
    <message>
        <source>Fill the last table with substitutes</source>
        <translation>以替补选手补满最后一桌</translation>
    </message>
    <message>
        <source>Byes for the players left over</source>
        <translation>多余的选手轮空</translation>
    </message>
    <message>
        <source>As Seat pick says</source>
        <translation>按“抽位”设置</translation>
    </message>
    <message>
        <source>MCR rotation: West deals third</source>
        <translation>国标换位：第三圈西家坐庄</translation>
    </message>
    <message>
        <source>MCR rotation: North deals third</source>
        <translation>国标换位：第三圈北家坐庄</translation>
    </message>
    <message>
        <source>Preliminary</source>
        <translation>预赛</translation>
    </message>
    <message>
        <source>Elimination</source>
        <translation>淘汰赛</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>决赛</translation>
    </message>
    <message>
        <source>Planned</source>
        <translation>已计划</translation>
    </message>
    <message>
        <source>Published</source>
        <translation>已发布</translation>
    </message>
    <message>
        <source>Being played</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>Pattern values</source>
        <translation>番种分值</translation>
    </message>
    <message>
        <source>Minimum points to win</source>
        <translation>起和分</translation>
    </message>
    <message>
        <source>Payoff</source>
        <translation>支付方式</translation>
    </message>
    <message>
        <source>Par (points paid to the winner)</source>
        <translation>底分（付给和牌者的分）</translation>
    </message>
    <message>
        <source>Three winners on one discard</source>
        <translation>一炮三响</translation>
    </message>
    <message>
        <source>Rule book</source>
        <translation>规则版本</translation>
    </message>
    <message>
        <source>Two concealed kongs (points)</source>
        <translation>双暗杠（分）</translation>
    </message>
    <message>
        <source>Kong scoring</source>
        <translation>杠的计分</translation>
    </message>
    <message>
        <source>Concealed kongs over concealed pungs</source>
        <translation>暗杠与暗刻叠计</translation>
    </message>
    <message>
        <source>Fully concealed with special hands</source>
        <translation>特殊和型计不求人</translation>
    </message>
    <message>
        <source>Lesser honours and knitted tiles: all types</source>
        <translation>全不靠：计五门齐</translation>
    </message>
    <message>
        <source>Nine gates with a terminal pung</source>
        <translation>九莲宝灯计幺九刻</translation>
    </message>
    <message>
        <source>Knitted straight: edge and closed waits</source>
        <translation>组合龙：计边张、坎张</translation>
    </message>
    <message>
        <source>All terminals counts double pung</source>
        <translation>清幺九计双同刻</translation>
    </message>
    <message>
        <source>All green counts half flush</source>
        <translation>绿一色计混一色</translation>
    </message>
    <message>
        <source>Seven pairs: tile hog exceptions</source>
        <translation>七对：四归一的例外</translation>
    </message>
    <message>
        <source>Wait fan scored</source>
        <translation>计听牌番种</translation>
    </message>
    <message>
        <source>Points for going out</source>
        <translation>和牌分</translation>
    </message>
    <message>
        <source>Points per flower</source>
        <translation>每张花牌分</translation>
    </message>
    <message>
        <source>Points for a self-draw</source>
        <translation>自摸分</translation>
    </message>
    <message>
        <source>Points for the only possible tile</source>
        <translation>只听一张分</translation>
    </message>
    <message>
        <source>Points for a pair of the prevailing wind</source>
        <translation>圈风雀头分</translation>
    </message>
    <message>
        <source>Pung of the prevailing wind doubles</source>
        <translation>圈风刻子加倍</translation>
    </message>
    <message>
        <source>Points for a concealed hand</source>
        <translation>门前清分</translation>
    </message>
    <message>
        <source>Losers score their pairs</source>
        <translation>未和者计雀头分</translation>
    </message>
    <message>
        <source>Losers score one-suit doubles</source>
        <translation>未和者计一色加倍</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>满贯</translation>
    </message>
    <message>
        <source>Each loser pays</source>
        <translation>每位未和者支付</translation>
    </message>
    <message>
        <source>East pays and receives double</source>
        <translation>东家收付加倍</translation>
    </message>
    <message>
        <source>Losers settle among themselves</source>
        <translation>未和者之间互相结算</translation>
    </message>
    <message>
        <source>Dealer keeps the deal after a draw</source>
        <translation>流局时庄家连庄</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>WSOM variant</source>
        <translation>WSOM 变体</translation>
    </message>
    <message>
        <source>Formal (par)</source>
        <translation>正式（底分）</translation>
    </message>
    <message>
        <source>Uniform</source>
        <translation>统一</translation>
    </message>
    <message>
        <source>Discarder pays</source>
        <translation>放铳者支付</translation>
    </message>
    <message>
        <source>All three win</source>
        <translation>三家皆和</translation>
    </message>
    <message>
        <source>A draw</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>Green Book (MCR 2006)</source>
        <translation>绿皮书（国标 2006）</translation>
    </message>
    <message>
        <source>MahjongGB</source>
        <translation>MahjongGB</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>全额</translation>
    </message>
    <message>
        <source>Reduced</source>
        <translation>减额</translation>
    </message>
    <message>
        <source>If any arrangement has it</source>
        <translation>任一拆法含有时</translation>
    </message>
    <message>
        <source>If every arrangement has it</source>
        <translation>所有拆法都含有时</translation>
    </message>
    <message>
        <source>Classic</source>
        <translation>传统</translation>
    </message>
    <message>
        <source>Babcock</source>
        <translation>Babcock</translation>
    </message>
    <message>
        <source>The difference of the scores</source>
        <translation>分数之差</translation>
    </message>
    <message>
        <source>Zung Jung (Asia Pacific Mahjong)</source>
        <translation>中庸计分（亚太麻将大赛）</translation>
    </message>
    <message>
        <source>Mahjong Competition Rules (MCR, Chinese Official)</source>
        <translation>国标麻将（MCR，中国官方竞赛规则）</translation>
    </message>
    <message>
        <source>Classical Chinese (Babcock points and doubles)</source>
        <translation>传统计分（Babcock 计分与加倍）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>SettingsForm</name>
    <message>
        <source>Session ends</source>
        <translation>场次结束</translation>
    </message>
    <message>
        <source>Seat pick</source>
        <translation>抽位</translation>
    </message>
    <message>
        <source>When time runs out</source>
        <translation>时间到时</translation>
    </message>
    <message>
        <source>Penalty points</source>
        <translation>罚分</translation>
    </message>
    <message>
        <source>Session score</source>
        <translation>场次换算分</translation>
    </message>
    <message>
        <source>Score record</source>
        <translation>记分方式</translation>
    </message>
    <message>
        <source>Final seating</source>
        <translation>淘汰赛/决赛座位</translation>
    </message>
    <message>
        <source>Field not a multiple of 4</source>
        <translation>人数不是 4 的倍数</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>场数</translation>
    </message>
    <message>
        <source>Keeps (cut)</source>
        <translation>晋级人数</translation>
    </message>
    <message>
        <source>Carry</source>
        <translation>带入比例</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱乐部</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>国家/地区</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>队伍</translation>
    </message>
    <message>
        <source>Use this format&apos;s rounds</source>
        <translation>使用该赛制的轮次</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>paid to the other three</source>
        <translation>分给其余三家</translation>
    </message>
    <message>
        <source>each hand typed twice</source>
        <translation>每局录入两次</translation>
    </message>
    <message>
        <source>A hand counts when it was typed twice the same: by two players of the table (table-side entry) or by two typists at the results desk, each typing the paper sheet blind; entries that differ are shown on the progress board</source>
        <translation>一局须两次录入一致才计入：由该桌两名选手录入（桌边录入），或由成绩台两名录入员互不参照地各自录入纸质记分表；不一致的录入会显示在进度看板上</translation>
    </message>
    <message>
        <source>Add a round</source>
        <translation>添加一轮</translation>
    </message>
    <message>
        <source>A round after the last: the last round&apos;s cut (Keeps) says how many play it</source>
        <translation>在最后一轮之后添加一轮：参赛人数由上一轮的晋级淘汰（晋级人数）决定</translation>
    </message>
    <message>
        <source>Remove the last round</source>
        <translation>删除最后一轮</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>比赛</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Venue:</source>
        <translation>地点：</translation>
    </message>
    <message>
        <source>Format preset:</source>
        <translation>赛制预设：</translation>
    </message>
    <message>
        <source>Rounds:</source>
        <translation>轮次：</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>Hands (deals) per session:</source>
        <translation>每场局数：</translation>
    </message>
    <message>
        <source>Session time limit:</source>
        <translation>每场时限：</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <source>Bye score (raw):</source>
        <translation>轮空得分（原始分）：</translation>
    </message>
    <message>
        <source>False win penalty:</source>
        <translation>诈和罚分：</translation>
    </message>
    <message>
        <source>{n} (an incident)</source>
        <translation>{n}（记为事件）</translation>
    </message>
    <message>
        <source>round {n}: sessions and keeps are whole numbers; carry is a percentage (50%) or a fraction (0.5)</source>
        <translation>第 {n} 轮：场数和晋级人数须为整数；带入比例为百分数（50%）或小数（0.5）</translation>
    </message>
    <message>
        <source>Double entry:</source>
        <translation>双重录入：</translation>
    </message>
    <message>
        <source>Seats between cycles</source>
        <translation>各圈间座位</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Keep apart in session 1:</source>
        <translation>第 1 场避免同桌：</translation>
    </message>
    <message>
        <source>Scoring rules</source>
        <translation>计分规则</translation>
    </message>
    <message>
        <source>Rule set:</source>
        <translation>规则：</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>默认：{value}</translation>
    </message>
    <message>
        <source>{n}, paid to the other three</source>
        <translation>{n}，分给其余三家</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>SetupCommands</name>
    <message>
        <source>Rename the event</source>
        <translation>更改比赛名称</translation>
    </message>
    <message>
        <source>Change settings</source>
        <translation>更改设置</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Head judge</source>
        <translation>裁判长</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>更名…</translation>
    </message>
    <message>
        <source>Put another name on the head judge, with his passphrase</source>
        <translation>凭裁判长密码更改裁判长姓名</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>姓名：</translation>
    </message>
    <message>
        <source>Passphrase:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Apply settings</source>
        <translation>应用设置</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>set on {when}</source>
        <translation>设置于 {when}</translation>
    </message>
    <message>
        <source>Change passphrase…</source>
        <translation>更改密码…</translation>
    </message>
    <message>
        <source>(not named)</source>
        <translation>（未指定）</translation>
    </message>
    <message>
        <source>none: signed sheets cannot be corrected nor finished sessions reopened until one is set</source>
        <translation>无：设置密码之前，已签名的记分表无法更正，已结束的场次也无法重新开启</translation>
    </message>
    <message>
        <source>Set passphrase…</source>
        <translation>设置密码…</translation>
    </message>
    <message>
        <source>Changes on the Setup page are not applied.</source>
        <translation>设置页面上的修改尚未应用。</translation>
    </message>
    <message>
        <source>This event is open to read only: nothing here can change.</source>
        <translation>此赛事以只读方式打开：此处无法更改任何内容。</translation>
    </message>
    <message>
        <source>Apply name and venue</source>
        <translation>应用名称和地点</translation>
    </message>
    <message>
        <source>The first session has been drawn: the settings are fixed; the event&apos;s name and venue can still change.</source>
        <translation>第一场已分桌：设置已固定；比赛名称和地点仍可修改。</translation>
    </message>
    <message>
        <source>Settings can change until the first session is drawn.</source>
        <translation>第一场分桌之前可修改设置。</translation>
    </message>
</context>
<context>
    <name>SheetCommands</name>
    <message>
        <source>Change table {table}&apos;s sheet: “{act}”?</source>
        <translation>修改第 {table} 桌的记分表：“{act}”？</translation>
    </message>
    <message>
        <source>Undo “{act}” on table {table}&apos;s sheet?</source>
        <translation>撤销第 {table} 桌记分表上的“{act}”？</translation>
    </message>
    <message>
        <source>Redo “{act}” on table {table}&apos;s sheet?</source>
        <translation>重做第 {table} 桌记分表上的“{act}”？</translation>
    </message>
    <message>
        <source>Signed Sheet</source>
        <translation>已签名的记分表</translation>
    </message>
    <message>
        <source>Signed as it stands by: {names}. After the change they must sign again; their signatures stay on the record for the sheet as it was.</source>
        <translation>已按当前内容签名：{names}。修改后他们须重新签名；其签名作为原记分表的记录保留。</translation>
    </message>
    <message>
        <source>Change the Sheet</source>
        <translation>修改记分表</translation>
    </message>
    <message>
        <source>Nothing changed: table {table}&apos;s sheet keeps the signatures of {names}.</source>
        <translation>未作修改：第 {table} 桌记分表保留 {names} 的签名。</translation>
    </message>
    <message>
        <source>Enter hand</source>
        <translation>录入一局</translation>
    </message>
    <message>
        <source>Enter hand T{table} #{hand}</source>
        <translation>录入第 {table} 桌第 {hand} 局</translation>
    </message>
    <message>
        <source>Change hand T{table} #{hand}</source>
        <translation>修改第 {table} 桌第 {hand} 局</translation>
    </message>
    <message>
        <source>Delete hand T{table} #{hand}</source>
        <translation>删除第 {table} 桌第 {hand} 局</translation>
    </message>
    <message>
        <source>Add penalty T{table}</source>
        <translation>第 {table} 桌添加罚分</translation>
    </message>
    <message>
        <source>Remove penalty T{table}</source>
        <translation>第 {table} 桌移除罚分</translation>
    </message>
    <message>
        <source>Sign T{table} ({name})</source>
        <translation>第 {table} 桌签名（{name}）</translation>
    </message>
    <message>
        <source>Withdraw a Signature</source>
        <translation>撤回签名</translation>
    </message>
    <message>
        <source>Withdraw {name}&apos;s signature from table {table}&apos;s sheet?</source>
        <translation>撤回 {name} 在第 {table} 桌记分表上的签名？</translation>
    </message>
    <message>
        <source>The sheet cannot lock until {name} signs it again.</source>
        <translation>在 {name} 重新签名之前，记分表无法锁定。</translation>
    </message>
    <message>
        <source>Withdraw the Signature</source>
        <translation>撤回签名</translation>
    </message>
    <message>
        <source>Correct T{table}</source>
        <translation>更正第 {table} 桌</translation>
    </message>
    <message>
        <source>Stop T{table} on time</source>
        <translation>第 {table} 桌因时间到停止</translation>
    </message>
</context>
<context>
    <name>SheetModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>和牌者</translation>
    </message>
    <message>
        <source>Win type</source>
        <translation>和牌方式</translation>
    </message>
    <message>
        <source>Discarder</source>
        <translation>放铳者</translation>
    </message>
    <message>
        <source>Responsible</source>
        <translation>责任者</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>分值</translation>
    </message>
    <message>
        <source>Patterns</source>
        <translation>番种</translation>
    </message>
    <message>
        <source>{player}: running total</source>
        <translation>{player}：累计总分</translation>
    </message>
    <message>
        <source>{player}: this hand</source>
        <translation>{player}：本局</translation>
    </message>
    <message>
        <source>{delta}  ({points} pts)</source>
        <translation>{delta}（{points} 分）</translation>
    </message>
</context>
<context>
    <name>SheetState</name>
    <message>
        <source>This station only shows the event: hands, penalties, signatures and the clock are entered at the head judge&apos;s or a results desk&apos;s station.</source>
        <translation>本电脑仅显示赛事：牌局、罚分、签名和计时须在裁判长或成绩台的电脑上输入。</translation>
    </message>
    <message>
        <source>Signed and locked. To change a hand or a penalty, the head judge unlocks it for correction (Signatures and lock ▸ Unlock for correction…); its players then sign the corrected version.</source>
        <translation>已签名并锁定。如需更改某一局或罚分，须由裁判长解锁以更正（签名与锁定 ▸ 解锁以更正…），之后本桌选手在更正后的版本上重新签名。</translation>
    </message>
    <message>
        <source>Session {n} has not started: start it on the Seating page to enter hands, penalties and stops.</source>
        <translation>第 {n} 场尚未开始：请先在“分桌”页面开始本场，才能录入各局、罚分和停局。</translation>
    </message>
</context>
<context>
    <name>SheetWidget</name>
    <message>
        <source>Extra time…</source>
        <translation>加时…</translation>
    </message>
    <message>
        <source>Give this table minutes of its own on the session clock (a ruling held it up)</source>
        <translation>在场次计时上单独为该桌加时（因裁决耽误了时间）</translation>
    </message>
    <message>
        <source>Stop on time…</source>
        <translation>时间到停局…</translation>
    </message>
    <message>
        <source>The session clock ran out: no later hand is scored</source>
        <translation>场次计时已用完：之后的局不再计分</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>罚分</translation>
    </message>
    <message>
        <source>Signatures and lock</source>
        <translation>签名与锁定</translation>
    </message>
    <message>
        <source>Pick a session and a table</source>
        <translation>请选择场次和桌</translation>
    </message>
    <message>
        <source>Session {session} · Table {table}</source>
        <translation>第 {session} 场 · 第 {table} 桌</translation>
    </message>
    <message>
        <source> · locked</source>
        <translation> · 已锁定</translation>
    </message>
    <message>
        <source> · corrected (version {v})</source>
        <translation> · 已更正（第 {v} 版）</translation>
    </message>
    <message>
        <source> · stopped on time after hand {n}</source>
        <translation> · 时间到，第 {n} 局后停局</translation>
    </message>
    <message>
        <source>Penalties ({n})</source>
        <translation>罚分（{n}）</translation>
    </message>
    <message>
        <source>Corrected v{version} — {reason} — {when} — {judge}</source>
        <translation>更正 v{version} — {reason} — {when} — {judge}</translation>
    </message>
    <message>
        <source>Signed hash (version {v}): {hash}</source>
        <translation>签名哈希（第 {v} 版）：{hash}</translation>
    </message>
    <message>
        <source> · verified</source>
        <translation> · 已核验</translation>
    </message>
    <message>
        <source> · DOES NOT MATCH SIGNATURES</source>
        <translation> · 与签名不符</translation>
    </message>
    <message>
        <source>Hand {hand} is open for a change in the entry bar: record it (Enter) or leave it (Esc) before {name} signs.</source>
        <translation>第 {hand} 局正在录入栏中修改：请先记录（Enter）或放弃（Esc），再让 {name} 签名。</translation>
    </message>
    <message>
        <source>Unlock for Correction</source>
        <translation>解锁以更正</translation>
    </message>
    <message>
        <source>Unlock table {table} of session {session} for a correction: its players will have to sign version {version}.</source>
        <translation>解锁第 {session} 场第 {table} 桌以作更正：该桌选手须为第 {version} 版重新签名。</translation>
    </message>
    <message>
        <source>The cut after round {round} has been made. The scores its players carry follow the corrected totals once the sheet is signed again; if the correction changes who goes through, the Cuts page says so.</source>
        <translation>第 {round} 轮后的晋级淘汰已执行。计分表重新签名后，晋级选手带入的分数将随更正后的总分更新；若更正改变了晋级名单，“晋级淘汰”页会提示。</translation>
    </message>
    <message>
        <source>Round {next} is drawn: the cut itself stands as made.</source>
        <translation>第 {next} 轮已分桌：晋级名单维持原样。</translation>
    </message>
    <message>
        <source>It can be taken back and made again while round {next} has no draw.</source>
        <translation>第 {next} 轮尚未分桌时，可撤回并重新执行。</translation>
    </message>
    <message>
        <source>The hand in play (hand {next}) is still finished and scored; no hand after it is.</source>
        <translation>当前这一局（第 {next} 局）仍打完并计分；之后的局不再计分。</translation>
    </message>
    <message>
        <source>The hand in play is void: no hand after hand {last} is scored.</source>
        <translation>当前这一局作废：第 {last} 局之后的局均不计分。</translation>
    </message>
    <message>
        <source>Hands completed: {done} of {planned}.</source>
        <translation>已完成局数：{done} / {planned}。</translation>
    </message>
    <message>
        <source>Time left on the session clock: {left}.</source>
        <translation>场次计时剩余：{left}。</translation>
    </message>
    <message>
        <source>The session clock has run out.</source>
        <translation>场次计时已用完。</translation>
    </message>
    <message>
        <source>Edit ▸ Undo takes the stop back.</source>
        <translation>可用“编辑 ▸ 撤销”撤回停局。</translation>
    </message>
    <message>
        <source>Stop on Time</source>
        <translation>时间到停局</translation>
    </message>
    <message>
        <source>Stop table {table} of session {session} on time?</source>
        <translation>第 {session} 场第 {table} 桌因时间到停局？</translation>
    </message>
</context>
<context>
    <name>SheetsPage</name>
    <message>
        <source>Session:</source>
        <translation>场次：</translation>
    </message>
    <message>
        <source>Tables:</source>
        <translation>桌：</translation>
    </message>
    <message>
        <source>Transcribe paper sheets</source>
        <translation>录入纸质记分表</translation>
    </message>
    <message>
        <source>The results desk: type the signed paper Score Record Sheets in, one stream of keys per sheet (Ctrl+PageDown: the next table still to type)</source>
        <translation>成绩台：录入已签名的纸质记分表，每张表连续输入一串按键（Ctrl+PageDown：下一张待录入的桌）</translation>
    </message>
    <message>
        <source>Player Cards…</source>
        <translation>选手记分卡…</translation>
    </message>
    <message>
        <source>This event keeps one card per player: type each table&apos;s four cards, compared with its sheet hand by hand</source>
        <translation>本比赛每位选手一张记分卡：录入每桌的四张记分卡，逐局与记分表比对</translation>
    </message>
    <message>
        <source>Calculator in its own window</source>
        <translation>在单独窗口中显示计算器</translation>
    </message>
    <message>
        <source>Show the calculator in a window of its own, so the whole sheet stays in view</source>
        <translation>在单独的窗口中显示计算器，以便完整查看记分表</translation>
    </message>
    <message>
        <source>Calculator</source>
        <translation>计算器</translation>
    </message>
    <message>
        <source>Session {n}</source>
        <translation>第 {n} 场</translation>
    </message>
    <message>
        <source>Round {r} · {t} tables · {s}</source>
        <translation>第 {r} 轮 · {t} 桌 · {s}</translation>
    </message>
    <message>
        <source>Every table&apos;s sheet is typed in.</source>
        <translation>所有桌的记分表均已录入。</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>SignaturePanel</name>
    <message>
        <source>Sign</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Unlock for correction…</source>
        <translation>解锁以更正…</translation>
    </message>
    <message>
        <source>The head judge opens the signed sheet for a correction, with his passphrase and a reason; the players then sign the corrected version</source>
        <translation>裁判长凭密码并填写原因，开启已签名的记分表进行更正；随后由选手为更正后的版本签名</translation>
    </message>
    <message>
        <source>Locked: version {v} signed on paper by all four players</source>
        <translation>已锁定：第 {v} 版已由四位选手在纸上签名</translation>
    </message>
    <message>
        <source>Locked: version {v} signed by all four players</source>
        <translation>已锁定：第 {v} 版已由四位选手签名</translation>
    </message>
    <message>
        <source>Open for correction: the players sign version {v}</source>
        <translation>已开启更正：选手须为第 {v} 版签名</translation>
    </message>
    <message>
        <source>Complete: ready for signatures</source>
        <translation>已完成：可以签名</translation>
    </message>
    <message>
        <source>Complete: {n} of 4 players have signed this version</source>
        <translation>已完成：4 名选手中已有 {n} 名签署此版本</translation>
    </message>
    <message>
        <source>Open: hands {hands} still missing</source>
        <translation>未完成：仍缺第 {hands} 局</translation>
    </message>
    <message>
        <source>Signed on paper · transcribed by {who}, {when}</source>
        <translation>已在纸上签名 · 由 {who} 录入，{when}</translation>
    </message>
    <message>
        <source>Signed {when}</source>
        <translation>已签名 {when}</translation>
    </message>
    <message>
        <source>Not signed</source>
        <translation>未签名</translation>
    </message>
    <message>
        <source>Signed version {old} — sign version {new} anew</source>
        <translation>已为第 {old} 版签名 — 请为第 {new} 版重新签名</translation>
    </message>
    <message>
        <source>Signed before the sheet changed — sign it again</source>
        <translation>签名后记分表已改动 — 请重新签名</translation>
    </message>
</context>
<context>
    <name>StandingsModel</name>
    <message>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>选手</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>国家/地区</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>轮</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总分</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>原始总分</translation>
    </message>
    <message>
        <source>Carried</source>
        <translation>带入分</translation>
    </message>
    <message>
        <source>S{n}</source>
        <translation>第{n}场</translation>
    </message>
    <message>
        <source>Withdrawn: results shown, no place taken</source>
        <translation>已退赛：显示成绩，不占名次</translation>
    </message>
    <message>
        <source>Substitute: results shown, no place taken</source>
        <translation>替补选手：显示成绩，不占名次</translation>
    </message>
    <message>
        <source>Shared place: the tie-breaks cannot separate these players</source>
        <translation>并列名次：同分排序无法区分这些选手</translation>
    </message>
    <message>
        <source>Level on score and raw total with a player next to him in his round: the recorded draw placed him</source>
        <translation>与本轮排名相邻的选手换算分及原始总分均相同：按记录在案的抽签结果排定名次</translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation>已退赛</translation>
    </message>
    <message>
        <source>late</source>
        <translation>未报名</translation>
    </message>
    <message>
        <source> (bye)</source>
        <translation>（轮空）</translation>
    </message>
</context>
<context>
    <name>StandingsPage</name>
    <message>
        <source>Show on projector</source>
        <translation>在投影上显示</translation>
    </message>
    <message>
        <source>Standings after:</source>
        <translation>排名截至：</translation>
    </message>
    <message>
        <source>every session played</source>
        <translation>所有已赛场次</translation>
    </message>
    <message>
        <source>session {n}</source>
        <translation>第 {n} 场</translation>
    </message>
    <message>
        <source>{ranked} ranked · {withdrawn} withdrawn</source>
        <translation>{ranked} 人参与排名 · {withdrawn} 人已退赛</translation>
    </message>
    <message>
        <source>{counts} · “†” after a rank: equal score and raw total, placed by the recorded draw</source>
        <translation>{counts} · 名次后的“†”：换算分与原始总分均相同，按记录在案的抽签结果排序</translation>
    </message>
</context>
<context>
    <name>TableClock</name>
    <message>
        <source>Table {n}: time is up</source>
        <translation>第 {n} 桌：时间到</translation>
    </message>
    <message>
        <source>Table {n}: {left} left</source>
        <translation>第 {n} 桌：剩余 {left}</translation>
    </message>
    <message>
        <source> (+{m} min)</source>
        <translation>（+{m} 分钟）</translation>
    </message>
    <message>
        <source> (clock paused)</source>
        <translation>（计时已暂停）</translation>
    </message>
    <message>
        <source>The session clock of session {s} for this table</source>
        <translation>该桌第 {s} 场的场次计时</translation>
    </message>
    <message>
        <source>extra time for the room: {m} min</source>
        <translation>全场加时：{m} 分钟</translation>
    </message>
    <message>
        <source>extra time for this table: {m} min</source>
        <translation>该桌加时：{m} 分钟</translation>
    </message>
</context>
<context>
    <name>TableCodesDialog</name>
    <message>
        <source>Tables Served</source>
        <translation>桌边录入</translation>
    </message>
    <message>
        <source>Each table opens {address} on a phone or tablet on this network and types its code:</source>
        <translation>各桌用连入本网络的手机或平板打开 {address}，并输入本桌代码：</translation>
    </message>
    <message>
        <source>Session {session}, table {table}: {code}</source>
        <translation>第 {session} 场第 {table} 桌：{code}</translation>
    </message>
    <message>
        <source>No session is being played: start one on the Seating page, then open this again.</source>
        <translation>当前没有进行中的场次：请先在“分桌”页面开始一场，然后再次打开此窗口。</translation>
    </message>
    <message>
        <source>&amp;Print the Cards…</source>
        <translation>打印代码卡(&amp;P)…</translation>
    </message>
    <message>
        <source>Wrote {path}</source>
        <translation>已写入 {path}</translation>
    </message>
</context>
<context>
    <name>TableDrawDialog</name>
    <message>
        <source>Record the Wind Draw at Table {n}</source>
        <translation>记录第 {n} 桌的抽位</translation>
    </message>
    <message>
        <source>before the first hand</source>
        <translation>首局之前</translation>
    </message>
    <message>
        <source>for cycle {cycle}</source>
        <translation>第 {cycle} 圈</translation>
    </message>
    <message>
        <source>Table {n}, {when}: what the players did. Chairs in the order they sat down, counter-clockwise: {chairs}.</source>
        <translation>第 {n} 桌，{when}：选手的抽位过程。按入座顺序（逆时针）排列的座位：{chairs}。</translation>
    </message>
    <message>
        <source>The &amp;tiles and the throws</source>
        <translation>牌与掷骰(&amp;T)</translation>
    </message>
    <message>
        <source>Only &amp;who took which wind</source>
        <translation>仅记录谁得哪个风位(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Save the Winds</source>
        <translation>保存风位(&amp;S)</translation>
    </message>
    <message>
        <source>Tiles, o&amp;dd end first:</source>
        <translation>牌（从奇数端起）(&amp;D)：</translation>
    </message>
    <message>
        <source>First th&amp;rower:</source>
        <translation>首掷者(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;First throw:</source>
        <translation>第一掷(&amp;F)：</translation>
    </message>
    <message>
        <source>Seco&amp;nd throw:</source>
        <translation>第二掷(&amp;N)：</translation>
    </message>
    <message>
        <source>Give the four tiles as they lay.</source>
        <translation>按摆放顺序填写四张牌。</translation>
    </message>
    <message>
        <source>Each wind tile lies in the row once.</source>
        <translation>每张风牌在这一排中只出现一次。</translation>
    </message>
    <message>
        <source>Choose who threw first.</source>
        <translation>请选择首掷者。</translation>
    </message>
    <message>
        <source>Give both dice of both throws.</source>
        <translation>请填写两次掷骰各自的两颗骰子。</translation>
    </message>
    <message>
        <source>Give each player his wind.</source>
        <translation>请为每位选手填写其风位。</translation>
    </message>
    <message>
        <source>Each wind goes to one player.</source>
        <translation>每个风位只能分给一位选手。</translation>
    </message>
    <message>
        <source>The winds: {winds}</source>
        <translation>风位：{winds}</translation>
    </message>
    <message>
        <source>The winds follow once the table&apos;s draw is given.</source>
        <translation>填写该桌的抽位后即可得出风位。</translation>
    </message>
</context>
<context>
    <name>TableProgress</name>
    <message>
        <source>entries differ on hand {hands} · {state}</source>
        <translation>第 {hands} 局录入不一致 · {state}</translation>
    </message>
    <message>
        <source>{state} · hand {n} awaits its second entry</source>
        <translation>{state} · 第 {n} 局待第二次录入</translation>
    </message>
    <message>
        <source>Hands that kept their deal so far: {kept}, so {deals} deals take {of} hands</source>
        <translation>至今连庄 {kept} 局，故 {deals} 庄共 {of} 局</translation>
    </message>
    <message>
        <source>to type</source>
        <translation>待录入</translation>
    </message>
    <message>
        <source>typed {n}/{of}</source>
        <translation>已录入 {n}/{of}</translation>
    </message>
    <message>
        <source>typed: check and tick</source>
        <translation>已录入：待核对勾选</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已核验</translation>
    </message>
    <message>
        <source>playing {n}/{of}</source>
        <translation>对局中 {n}/{of}</translation>
    </message>
    <message>
        <source>stopped on time after {n}</source>
        <translation>时间到停止，共 {n} 局</translation>
    </message>
    <message>
        <source>signing {k}/4</source>
        <translation>签名中 {k}/4</translation>
    </message>
    <message>
        <source>correcting, signing {k}/4</source>
        <translation>更正中，签名 {k}/4</translation>
    </message>
    <message>
        <source>Table {n} · {state}</source>
        <translation>第 {n} 桌 · {state}</translation>
    </message>
    <message>
        <source>{hands} of {of} hands on the sheet; {k} of 4 signatures</source>
        <translation>记分表已记 {hands}/{of} 局；签名 {k}/4</translation>
    </message>
    <message>
        <source>{n} with entries that differ</source>
        <translation>{n} 桌录入不一致</translation>
    </message>
    <message>
        <source>1 table: {states}</source>
        <translation>1 桌：{states}</translation>
    </message>
    <message>
        <source>{n} tables: {states}</source>
        <translation>{n} 桌：{states}</translation>
    </message>
    <message>
        <source>No tables drawn yet.</source>
        <translation>尚未分桌。</translation>
    </message>
</context>
<context>
    <name>TableServer</name>
    <message>
        <source>the tables could not be served on port {port} ({reason}): is another program using it?</source>
        <translation>无法在端口 {port} 上提供桌边录入服务（{reason}）：是否有其他程序正在使用该端口？</translation>
    </message>
</context>
<context>
    <name>ToolDrawer</name>
    <message>
        <source>Close the tools</source>
        <translation>收起工具</translation>
    </message>
    <message>
        <source>Open the tools</source>
        <translation>展开工具</translation>
    </message>
</context>
<context>
    <name>TotalsPanel</name>
    <message>
        <source>Session total (hands)</source>
        <translation>本场合计（各局）</translation>
    </message>
    <message>
        <source>Raw (with penalties)</source>
        <translation>原始分（含罚分）</translation>
    </message>
    <message>
        <source>Converted</source>
        <translation>换算分</translation>
    </message>
</context>
<context>
    <name>TranscriptionView</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>和牌者</translation>
    </message>
    <message>
        <source>Win type</source>
        <translation>和牌方式</translation>
    </message>
    <message>
        <source>Discarder</source>
        <translation>放铳者</translation>
    </message>
    <message>
        <source>Responsible</source>
        <translation>责任者</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>分值</translation>
    </message>
    <message>
        <source>EW30 · ST40 · D · EN30+W20 · EWIN40 · =90 -40 -25 -25</source>
        <translation>EW30 · ST40 · D · EN30+W20 · EWIN40 · =90 -40 -25 -25</translation>
    </message>
    <message>
        <source>Next Table to Type</source>
        <translation>下一张待录入的桌</translation>
    </message>
    <message>
        <source>Signed on Paper by All Four</source>
        <translation>四人均已在纸上签名</translation>
    </message>
    <message>
        <source>your name</source>
        <translation>您的姓名</translation>
    </message>
    <message>
        <source>Signed on paper by all four (F9)…</source>
        <translation>四人均已在纸上签名 (F9)…</translation>
    </message>
    <message>
        <source>Columns E S W N (or 1–4): winner, then discarder · T self-draw · K kong · D draw · I + column: responsible (I0 nobody) · + another winner · digits: value · = the paper&apos;s running totals · the next row&apos;s first key starts the next row · ↑ ↓ back to a row · Enter stores · Esc clears</source>
        <translation>列 E S W N（或 1–4）：先和牌者，后放铳者 · T 自摸 · K 杠 · D 流局 · I + 列：责任者（I0 为无）· + 另一和牌者 · 数字：分值 · = 纸面累计总分 · 下一行的首个按键即开始下一行 · ↑ ↓ 回到某行 · Enter 保存 · Esc 清除</translation>
    </message>
    <message>
        <source>Typist:</source>
        <translation>录入员：</translation>
    </message>
    <message>
        <source>Penalties and incidents</source>
        <translation>罚分与事件</translation>
    </message>
    <message>
        <source>A line typed from table {table}&apos;s paper sheet is not entered.</source>
        <translation>根据第 {table} 桌纸质记分表输入的一行尚未记录。</translation>
    </message>
    <message>
        <source>Pick a session and a table</source>
        <translation>请选择场次和桌</translation>
    </message>
    <message>
        <source>signed on paper and locked</source>
        <translation>已在纸上签名并锁定</translation>
    </message>
    <message>
        <source>all hands typed: check the totals, then F9</source>
        <translation>各局均已录入：核对总分后按 F9</translation>
    </message>
    <message>
        <source>{n} of {of} hands typed</source>
        <translation>已录入 {n} / {of} 局</translation>
    </message>
    <message>
        <source>Session {s} · Table {t} · paper sheet · {state}</source>
        <translation>第 {s} 场 · 第 {t} 桌 · 纸质记分表 · {state}</translation>
    </message>
    <message>
        <source>Σ by the rules</source>
        <translation>Σ 按规则</translation>
    </message>
    <message>
        <source>Σ on paper</source>
        <translation>Σ 纸面</translation>
    </message>
    <message>
        <source>Typed</source>
        <translation>录入</translation>
    </message>
    <message>
        <source>Cycle {n}</source>
        <translation>第 {n} 圈</translation>
    </message>
    <message>
        <source>Hand {n} is not whole yet: {what}</source>
        <translation>第 {n} 局尚不完整：{what}</translation>
    </message>
    <message>
        <source>Hand {n}: {who} intercepted — under these rules the claim nearest the discarder&apos;s lower seat wins alone, so only that win was recorded.</source>
        <translation>第 {n} 局：{who} 截和 — 按此规则，从放铳者下家起最近的和牌者独自和牌，因此只记录了这一和牌。</translation>
    </message>
    <message>
        <source>Type your name as the typist first: at a double-entry event a hand counts when two typists typed the same.</source>
        <translation>请先输入您的姓名作为录入员：在双重录入的比赛中，一局须由两名录入员录入一致才计入。</translation>
    </message>
    <message>
        <source>Hand {n}: both typists typed the same; it is on the sheet.</source>
        <translation>第 {n} 局：两名录入员录入一致，已记入记分表。</translation>
    </message>
    <message>
        <source>Hand {n} kept: it counts when a second typist types the same.</source>
        <translation>第 {n} 局已保存：待第二名录入员录入一致后计入。</translation>
    </message>
    <message>
        <source>Hand {n} differs from the other typist&apos;s: both are kept for the head judge.</source>
        <translation>第 {n} 局与另一录入员的录入不一致：两者均保留，交由裁判长处理。</translation>
    </message>
    <message>
        <source>Locked</source>
        <translation>已锁定</translation>
    </message>
    <message>
        <source>All typed:</source>
        <translation>全部已录入：</translation>
    </message>
    <message>
        <source>Change hand {n}:</source>
        <translation>修改第 {n} 局：</translation>
    </message>
    <message>
        <source>Hand {n}:</source>
        <translation>第 {n} 局：</translation>
    </message>
    <message>
        <source>“{key}” means nothing there (position {pos})</source>
        <translation>“{key}”在此处无意义（位置 {pos}）</translation>
    </message>
    <message>
        <source>“{key}” cannot take that part of the hand (position {pos})</source>
        <translation>“{key}”不能担任本局中的这一角色（位置 {pos}）</translation>
    </message>
    <message>
        <source>after “=” come the paper&apos;s four running totals</source>
        <translation>“=”之后应为纸面上的四个累计总分</translation>
    </message>
    <message>
        <source>after “/” come the four players&apos; hand points</source>
        <translation>“/”之后应为四位选手的手牌分</translation>
    </message>
    <message>
        <source>the winner&apos;s column, or D for a draw</source>
        <translation>和牌者所在列，或 D 表示流局</translation>
    </message>
    <message>
        <source>the discarder&apos;s column, or T for a self-draw</source>
        <translation>放铳者所在列，或 T 表示自摸</translation>
    </message>
    <message>
        <source>the value</source>
        <translation>分值</translation>
    </message>
    <message>
        <source>a player cannot win from himself</source>
        <translation>选手不能和自己打出的牌</translation>
    </message>
    <message>
        <source>Hand {n}: {who}</source>
        <translation>第 {n} 局：{who}</translation>
    </message>
    <message>
        <source>Typed differently — the head judge decides (the hand typed again, or entered on the sheet): {lines}</source>
        <translation>录入不一致 — 由裁判长裁定（重新录入该局，或直接在记分表上录入）：{lines}</translation>
    </message>
    <message>
        <source>The paper&apos;s totals part from the rules&apos; at hand {n} (paper / rules: {parts}): check that row and the ones before it.</source>
        <translation>纸面总分从第 {n} 局起与按规则计算的不符（纸面 / 规则：{parts}）：请检查该行及之前各行。</translation>
    </message>
    <message>
        <source>The paper&apos;s totals agree with the rules at hand {hands}.</source>
        <translation>纸面总分在第 {hands} 局与按规则计算的一致。</translation>
    </message>
    <message>
        <source>Type “=” and the paper&apos;s running totals on a row (the last one at least) to check the transcription.</source>
        <translation>请在某一行（至少最后一行）输入“=”及纸面累计总分，以核对录入。</translation>
    </message>
    <message>
        <source>Hands {hands} are not typed yet.</source>
        <translation>第 {hands} 局尚未录入。</translation>
    </message>
    <message>
        <source>Type your name as the typist first (the record keeps who transcribed the sheet).</source>
        <translation>请先输入您的姓名作为录入员（记录会保存记分表由谁录入）。</translation>
    </message>
    <message>
        <source>The paper&apos;s totals differ at hand {n}: the sheet cannot be ticked as signed until they agree.</source>
        <translation>纸面总分在第 {n} 局不符：一致之前不能将记分表标记为已签名。</translation>
    </message>
    <message>
        <source>The sheet locks as if the four players had signed it here; only the head judge&apos;s correction opens it again.</source>
        <translation>记分表将如同四位选手在此签名一样锁定；只有裁判长更正才能重新开启。</translation>
    </message>
    <message>
        <source>No running total from the paper was typed as a check.</source>
        <translation>未输入纸面累计总分以供核对。</translation>
    </message>
    <message>
        <source>Signed on Paper</source>
        <translation>已在纸上签名</translation>
    </message>
    <message>
        <source>Table {t} of session {s}: the paper sheet is signed by all four players, and {who} transcribed it?</source>
        <translation>第 {s} 场第 {t} 桌：纸质记分表已由四位选手签名，并由 {who} 录入？</translation>
    </message>
    <message>
        <source>Lock as Signed</source>
        <translation>按已签名锁定</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Tournament Manager</source>
        <translation>Tournament Manager</translation>
    </message>
    <message>
        <source>No tournament is open. A tournament is one file: everything is saved in it the moment it is done, and it is backed up as you go.</source>
        <translation>未打开比赛。一场比赛就是一个文件：每项操作完成即保存到文件中，并随时备份。</translation>
    </message>
    <message>
        <source>&amp;New Tournament…</source>
        <translation>新建比赛(&amp;N)…</translation>
    </message>
    <message>
        <source>Name the event, choose its rules and format, and name its head judge.</source>
        <translation>为比赛命名，选择规则和赛制，并指定裁判长。</translation>
    </message>
    <message>
        <source>&amp;Open a Tournament File…</source>
        <translation>打开比赛文件(&amp;O)…</translation>
    </message>
    <message>
        <source>A .tmt file from this computer, a USB stick or an e-mail.</source>
        <translation>来自本机、U 盘或电子邮件的 .tmt 文件。</translation>
    </message>
    <message>
        <source>Open on a &amp;Server…</source>
        <translation>在服务器上打开(&amp;S)…</translation>
    </message>
    <message>
        <source>An event kept on the PostgreSQL server of a big event and shared by its stations: give its address, this station&apos;s name and its role.</source>
        <translation>保存在大型比赛的 PostgreSQL 服务器上、由各工作站共用的比赛：填写其地址、本工作站的名称和角色。</translation>
    </message>
    <message>
        <source>Open the &amp;Demo Event</source>
        <translation>打开演示比赛(&amp;D)</translation>
    </message>
    <message>
        <source>A whole event already played (36 players, four sessions, then the cuts to the final table), to look around in first. It is a file of its own; your tournaments are not touched.</source>
        <translation>一场已全部赛完的比赛（36 名选手，四场，然后晋级淘汰至决赛桌），可先浏览熟悉。它是单独的文件，不会影响您的比赛。</translation>
    </message>
    <message>
        <source>Recent tournaments</source>
        <translation>最近的比赛</translation>
    </message>
    <message>
        <source>Double-click a file, or select it and press Enter, to open it.</source>
        <translation>双击文件，或选中后按 Enter，即可打开。</translation>
    </message>
    <message>
        <source>None yet: the files you open will be listed here.</source>
        <translation>暂无：您打开过的文件将列在此处。</translation>
    </message>
</context>
<context>
    <name>WindDraw</name>
    <message>
        <source>East</source>
        <translation>东</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <source>odd</source>
        <translation>奇数</translation>
    </message>
    <message>
        <source>even</source>
        <translation>偶数</translation>
    </message>
    <message>
        <source>Arrival, counter-clockwise: {order}</source>
        <translation>入座顺序（逆时针）：{order}</translation>
    </message>
    <message>
        <source>Wind tiles face down, odd end first: ▮ ▮ ▮ ▮ → {row}</source>
        <translation>风牌背面朝上，从奇数端起：▮ ▮ ▮ ▮ → {row}</translation>
    </message>
    <message>
        <source>{thrower} throws {dice}: {next} throws again</source>
        <translation>{thrower} 掷出 {dice}：由 {next} 再掷</translation>
    </message>
    <message>
        <source>{thrower} throws {dice}: {taker} takes first, from the {end} end</source>
        <translation>{thrower} 掷出 {dice}：{taker} 先取牌，从{end}端开始</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>Cut after round {round}</source>
        <translation>第 {round} 轮后被淘汰</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>在赛</translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation>已退赛</translation>
    </message>
    <message>
        <source>provisional plan: not drawn yet</source>
        <translation>暂定安排：尚未分桌</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>已计划</translation>
    </message>
    <message>
        <source>published</source>
        <translation>已发布</translation>
    </message>
    <message>
        <source>running</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>对局中</translation>
    </message>
    <message>
        <source>stopped on time</source>
        <translation>时间到停止</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>已打完</translation>
    </message>
    <message>
        <source>signing</source>
        <translation>签名中</translation>
    </message>
    <message>
        <source>locked</source>
        <translation>已锁定</translation>
    </message>
    <message>
        <source>correcting</source>
        <translation>更正中</translation>
    </message>
</context>
<context>
    <name>WorkDialog</name>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
</TS>
