<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
<context>
    <name>CalculatorPanel</name>
    <message>
        <source>Final draw (seabed)</source>
        <translation>海底撈月（自摸最後一張牌）</translation>
    </message>
    <message>
        <source>Final discard (riverbed)</source>
        <translation>河底撈魚（和最後一張打出牌）</translation>
    </message>
    <message>
        <source>Win on kong</source>
        <translation>槓上開花</translation>
    </message>
    <message>
        <source>Robbing a kong</source>
        <translation>搶槓和</translation>
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
        <translation>和絕張</translation>
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
        <translation>順子</translation>
    </message>
    <message>
        <source>Pung</source>
        <translation>刻子</translation>
    </message>
    <message>
        <source>Kong</source>
        <translation>槓</translation>
    </message>
    <message>
        <source>Concealed kong</source>
        <translation>暗槓</translation>
    </message>
    <message>
        <source>Winning tile</source>
        <translation>和牌張</translation>
    </message>
    <message>
        <source>e.g. 111222p33p99m</source>
        <translation>例如 111222p33p99m</translation>
    </message>
    <message>
        <source>e.g. RdRdRd 123s (5555m)</source>
        <translation>例如 RdRdRd 123s (5555m)</translation>
    </message>
    <message>
        <source>e.g. 3p (or last tile of the hand)</source>
        <translation>例如 3p（或手牌的最後一張）</translation>
    </message>
    <message>
        <source>Self-drawn</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>A loser&apos;s shown hand</source>
        <translation>未和牌者亮出的手牌</translation>
    </message>
    <message>
        <source>Every player&apos;s hand scores under these rules: score the tiles a loser shows (no winning tile) for his points on the sheet</source>
        <translation>此規則下每位選手的手牌都計分：為未和牌者亮出的牌（無和牌張）計分，作為他在記分表上的分數</translation>
    </message>
    <message>
        <source>(by role)</source>
        <translation>（依角色）</translation>
    </message>
    <message>
        <source>Prevalent wind:</source>
        <translation>圈風：</translation>
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
        <translation>⌫ 最後一張</translation>
    </message>
    <message>
        <source>Hand (without winning tile):</source>
        <translation>手牌（不含和牌張）：</translation>
    </message>
    <message>
        <source>Declared melds:</source>
        <translation>已亮出的面子：</translation>
    </message>
    <message>
        <source>Winning tile:</source>
        <translation>和牌張：</translation>
    </message>
    <message>
        <source>Seat wind:</source>
        <translation>門風：</translation>
    </message>
    <message>
        <source>Discarder:</source>
        <translation>放銃者：</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>編號</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>番種</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>分</translation>
    </message>
    <message>
        <source>Use for sheet</source>
        <translation>用於記分表</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Hand:</source>
        <translation>手牌：</translation>
    </message>
    <message>
        <source>Arrangement:</source>
        <translation>牌型拆解：</translation>
    </message>
    <message>
        <source>Use for {seat}&apos;s points</source>
        <translation>用於 {seat} 的分數</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Click tiles or type a hand such as 123m456p789s11z with the winning tile last.</source>
        <translation>點選牌，或輸入手牌（如 123m456p789s11z），和牌張放在最後。</translation>
    </message>
    <message>
        <source>P = {points}</source>
        <translation>P = {points}</translation>
    </message>
    <message>
        <source>{seat}&apos;s own hand points</source>
        <translation>{seat} 本身的手牌分</translation>
    </message>
    <message>
        <source> (compound limit)</source>
        <translation>（累計滿貫）</translation>
    </message>
    <message>
        <source> (listed limit)</source>
        <translation>（列明滿貫）</translation>
    </message>
    <message>
        <source>winner</source>
        <translation>和牌者</translation>
    </message>
    <message>
        <source>responsible</source>
        <translation>責任者</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>E</source>
        <translation>東</translation>
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
        <translation>{payments}（未計輸家本身的手牌分）</translation>
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
        <translation>計算機 — Tournament Manager</translation>
    </message>
</context>
<context>
    <name>ClockBanner</name>
    <message>
        <source>{label}: time is up.</source>
        <translation>{label}：時間到。</translation>
    </message>
    <message>
        <source>{label}: the clock is paused for every table (since {when}). View ▸ Session Clock ▸ Resume All Tables starts it again.</source>
        <translation>{label}：所有桌的計時已暫停（自 {when} 起）。「檢視 ▸ 場次計時 ▸ 全部桌繼續」可重新開始計時。</translation>
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
        <translation>輪</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>場數</translation>
    </message>
    <message>
        <source>Keeps</source>
        <translation>晉級人數</translation>
    </message>
    <message>
        <source>Carry</source>
        <translation>帶入比例</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Entrants</source>
        <translation>參賽人數</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>編號</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>國家/地區</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>總分</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>原始總分</translation>
    </message>
    <message>
        <source>Goes on</source>
        <translation>晉級</translation>
    </message>
    <message>
        <source>Cut preview</source>
        <translation>晉級淘汰預覽</translation>
    </message>
    <message>
        <source>Make cut…</source>
        <translation>執行晉級淘汰…</translation>
    </message>
    <message>
        <source>Draw Lots…</source>
        <translation>抽籤…</translation>
    </message>
    <message>
        <source>The head judge draws lots between the players nothing separates at the line</source>
        <translation>由裁判長為晉級線上無法區分的選手抽籤</translation>
    </message>
    <message>
        <source>Take Back the Cut…</source>
        <translation>撤回晉級淘汰…</translation>
    </message>
    <message>
        <source>A cut takes the top players of a finished round into the next round, carrying the next round&apos;s fraction of their totals. It can be taken back while the next round has no draw.</source>
        <translation>晉級淘汰將已結束一輪的前列選手帶入下一輪，並按下一輪的比例帶入其總分。下一輪尚未分桌時可以撤回。</translation>
    </message>
    <message>
        <source>{n} ({withdrawn} withdrawn)</source>
        <translation>{n}（{withdrawn} 人已退賽）</translation>
    </message>
    <message>
        <source>1 (no. {n})</source>
        <translation>1（第 {n} 場）</translation>
    </message>
    <message>
        <source>Round {round} has no players yet: the cut after round {previous} takes them on.</source>
        <translation>第 {round} 輪還沒有選手：第 {previous} 輪後的晉級淘汰決定誰進入本輪。</translation>
    </message>
    <message>
        <source>The cut</source>
        <translation>晉級淘汰</translation>
    </message>
    <message>
        <source>Cut after round {round}: the format keeps {advance}, so all {ranked} ranked players go on to round {next}, carrying {carry:g}% of their totals.</source>
        <translation>第 {round} 輪後晉級淘汰：賽制保留 {advance} 名，因此全部 {ranked} 位列入排名的選手晉級第 {next} 輪，帶入總分的 {carry:g}%。</translation>
    </message>
    <message>
        <source>Cut after round {round}: the top {advance} of {ranked} ranked players go on to round {next}, carrying {carry:g}% of their totals.</source>
        <translation>第 {round} 輪後晉級淘汰：{ranked} 位列入排名的選手中，前 {advance} 名晉級第 {next} 輪，帶入總分的 {carry:g}%。</translation>
    </message>
    <message>
        <source>“†” after a rank: equal score and raw total, placed by the recorded draw.</source>
        <translation>名次後的「†」：換算分與原始總分均相同，依紀錄在案的抽籤結果排序。</translation>
    </message>
    <message>
        <source>This cut has been made: {n} players are in round {next}.</source>
        <translation>此晉級淘汰已執行：{n} 位選手進入第 {next} 輪。</translation>
    </message>
    <message>
        <source>Every ranked player goes through: nobody is cut.</source>
        <translation>所有列入排名的選手皆晉級：無人淘汰。</translation>
    </message>
    <message>
        <source>nothing separates them</source>
        <translation>無法區分</translation>
    </message>
    <message>
        <source>equal totals, separated by the raw score (tie-break)</source>
        <translation>總分相同，以原始總分區分（同分排序）</translation>
    </message>
    <message>
        <source>equal totals and raw scores, separated by the draw made at registration (tie-break)</source>
        <translation>總分與原始總分皆相同，以報名時的抽籤區分（同分排序）</translation>
    </message>
    <message>
        <source>separated by their totals</source>
        <translation>以總分區分</translation>
    </message>
    <message>
        <source>The line falls between {last} ({last_total}) and {first} ({first_total}): {decided}.</source>
        <translation>晉級線落在 {last} ({last_total}) 與 {first} ({first_total}) 之間：{decided}。</translation>
    </message>
    <message>
        <source>Provisional: session {session} of round {round} is not finished yet; the cut is made once it is.</source>
        <translation>暫定：第 {round} 輪的第 {session} 場尚未結束；結束後才會執行晉級淘汰。</translation>
    </message>
    <message>
        <source>Provisional: sessions {sessions} of round {round} are not finished yet; the cut is made once they are.</source>
        <translation>暫定：第 {round} 輪的第 {sessions} 場尚未結束；結束後才會執行晉級淘汰。</translation>
    </message>
    <message>
        <source>The line falls inside a tie the tie-breaks cannot break ({players}): the head judge draws lots between them (Draw Lots…) before the cut.</source>
        <translation>晉級線落在同分排序無法區分的同分選手之間（{players}）：須由裁判長在晉級淘汰前為他們抽籤（抽籤…）。</translation>
    </message>
    <message>
        <source>A sheet of round {round} was corrected after the cut: {gaining} would now go on instead of {losing}.</source>
        <translation>第 {round} 輪的一張計分表在晉級淘汰後被更正：現在應由 {gaining} 晉級，而非 {losing}。</translation>
    </message>
    <message>
        <source>Round {next} is drawn, so the cut stands as it was made: the head judge decides.</source>
        <translation>第 {next} 輪已分桌，晉級淘汰維持原樣：由裁判長裁定。</translation>
    </message>
    <message>
        <source>Take the cut back and make it again.</source>
        <translation>請撤回晉級淘汰並重新執行。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>──── cut line: {n} go on to round {next} above, the rest below ────</source>
        <translation>──── 晉級線：以上 {n} 人晉級第 {next} 輪，以下淘汰 ────</translation>
    </message>
    <message>
        <source>Draw Lots</source>
        <translation>抽籤</translation>
    </message>
    <message>
        <source>Draw lots between {players}: each gets a new recorded draw, the last link of the tie-break chain, and the cut line falls where the draws put it.</source>
        <translation>為 {players} 抽籤：每人獲得新的抽籤紀錄（同分排序的最後一環），晉級線依抽籤結果劃定。</translation>
    </message>
    <message>
        <source>Take Back the Cut</source>
        <translation>撤回晉級淘汰</translation>
    </message>
    <message>
        <source>Take back the cut after round {n}?</source>
        <translation>撤回第 {n} 輪後的晉級淘汰？</translation>
    </message>
    <message>
        <source>The {n} players it took on leave round {next}; the cut can then be made again on the standings as they are now. Edit ▸ Undo puts it back as it was.</source>
        <translation>已晉級的 {n} 位選手將退出第 {next} 輪；之後可依目前排名重新執行晉級淘汰。「編輯 ▸ 復原」可恢復原狀。</translation>
    </message>
    <message>
        <source>Take Back</source>
        <translation>撤回</translation>
    </message>
    <message>
        <source>The cut after round {n} was taken back.</source>
        <translation>第 {n} 輪後的晉級淘汰已撤回。</translation>
    </message>
    <message>
        <source>{n} of {ranked} ranked players go on to round {next}, carrying {carry:g}% of their totals.</source>
        <translation>{ranked} 位列入排名的選手中，{n} 位晉級第 {next} 輪，帶入總分的 {carry:g}%。</translation>
    </message>
    <message>
        <source>Last qualifier: {rank}. {name} ({total})</source>
        <translation>最後晉級：{rank}. {name} ({total})</translation>
    </message>
    <message>
        <source>First out: {rank}. {name} ({total})</source>
        <translation>首位淘汰：{rank}. {name} ({total})</translation>
    </message>
    <message>
        <source>Edit ▸ Undo takes the cut back while round {next} has no draw.</source>
        <translation>第 {next} 輪尚未分桌前，可用「編輯 ▸ 復原」撤回晉級淘汰。</translation>
    </message>
    <message>
        <source>Make Cut</source>
        <translation>執行晉級淘汰</translation>
    </message>
    <message>
        <source>Make the cut after round {n}?</source>
        <translation>要執行第 {n} 輪後的晉級淘汰嗎？</translation>
    </message>
    <message>
        <source>{n} players go on to round {next}.</source>
        <translation>{n} 位選手晉級第 {next} 輪。</translation>
    </message>
</context>
<context>
    <name>DemoBuilder</name>
    <message>
        <source>Building the demo event: registering players…</source>
        <translation>正在建立示範比賽：登錄選手…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Demo Event</source>
        <translation>示範比賽</translation>
    </message>
    <message>
        <source>Building the demo event: playing session {n} of {total}…</source>
        <translation>正在建立示範比賽：進行第 {n}/{total} 場…</translation>
    </message>
    <message>
        <source>The demo event could not be built: {problem}.</source>
        <translation>無法建立示範比賽：{problem}。</translation>
    </message>
</context>
<context>
    <name>DetailsDialog</name>
    <message>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
</context>
<context>
    <name>DocumentController</name>
    <message>
        <source>The server answers again: {event} is up to date on this station.</source>
        <translation>伺服器已恢復回應：本工作站上的 {event} 已是最新。</translation>
    </message>
</context>
<context>
    <name>DocumentDialogs</name>
    <message>
        <source>Tournaments (*{suffix})</source>
        <translation>比賽檔案 (*{suffix})</translation>
    </message>
    <message>
        <source>New Tournament File</source>
        <translation>新增比賽檔案</translation>
    </message>
    <message>
        <source>Open Tournament</source>
        <translation>開啟比賽</translation>
    </message>
    <message>
        <source>Save a Copy</source>
        <translation>另存副本</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>取代檔案</translation>
    </message>
    <message>
        <source>Replace {name}?</source>
        <translation>取代 {name}？</translation>
    </message>
    <message>
        <source>A file of that name is already in {folder}; writing this one replaces it.</source>
        <translation>{folder} 中已有同名檔案；寫入此檔案將取代它。</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>取代</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
</context>
<context>
    <name>ExportMenu</name>
    <message>
        <source>Filled &amp;Score Sheets (PDF)…</source>
        <translation>已填寫的記分表(&amp;S) (PDF)…</translation>
    </message>
    <message>
        <source>&amp;Blank Score Sheets (PDF)…</source>
        <translation>空白記分表(&amp;B) (PDF)…</translation>
    </message>
    <message>
        <source>Filled Player &amp;Cards (PDF)…</source>
        <translation>已填寫的選手記分卡(&amp;C) (PDF)…</translation>
    </message>
    <message>
        <source>Blank Player Car&amp;ds (PDF)…</source>
        <translation>空白選手記分卡(&amp;D) (PDF)…</translation>
    </message>
    <message>
        <source>Seating &amp;Lists (PDF)…</source>
        <translation>分桌名單(&amp;L) (PDF)…</translation>
    </message>
    <message>
        <source>&amp;Table Cards (PDF)…</source>
        <translation>桌卡(&amp;T) (PDF)…</translation>
    </message>
    <message>
        <source>St&amp;andings (PDF)…</source>
        <translation>排名表(&amp;A) (PDF)…</translation>
    </message>
    <message>
        <source>&amp;Workbook (Excel)…</source>
        <translation>活頁簿(&amp;W) (Excel)…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>匯出(&amp;E)</translation>
    </message>
    <message>
        <source>Include &amp;Provisional Plans</source>
        <translation>包含暫定安排(&amp;P)</translation>
    </message>
    <message>
        <source>Also print sessions not drawn yet (the round&apos;s plan); every page of them is marked PROVISIONAL PLAN — not the draw</source>
        <translation>也列印尚未分桌的場次（該輪的安排）；這些頁面每頁都標有「PROVISIONAL PLAN — not the draw」（暫定安排，並非分桌結果）</translation>
    </message>
    <message>
        <source>Docu&amp;ment Language</source>
        <translation>文件語言(&amp;M)</translation>
    </message>
    <message>
        <source>As the Window</source>
        <translation>與視窗相同</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 活頁簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Writing {name}… page {done} of {total}</source>
        <translation>正在寫入 {name}…第 {done} 頁，共 {total} 頁</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <source>Reading the record for {name}…</source>
        <translation>正在讀取 {name} 所需的紀錄…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export cancelled: {name} was not written.</source>
        <translation>已取消匯出：未寫入 {name}。</translation>
    </message>
    <message>
        <source> (its tables are only the round&apos;s plan: tick File ▸ Export ▸ Include Provisional Plans to print them, marked provisional)</source>
        <translation>（其分桌只是該輪的暫定安排：勾選「檔案 ▸ 匯出 ▸ 包含暫定安排」即可列印，並會標示為暫定）</translation>
    </message>
    <message>
        <source>. The session printed is the one shown on the Score sheets page, else the one chosen on the Seating page: choose another there.</source>
        <translation>。列印的是記分表頁面上顯示的節次，否則是座位頁面上選定的節次：請在那裡選擇其他節次。</translation>
    </message>
    <message>
        <source>No program on this computer opened {path}: open it from the file manager, or install a viewer for it.</source>
        <translation>本機沒有程式能開啟 {path}：請在檔案總管中開啟它，或安裝可檢視此類檔案的程式。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開啟</translation>
    </message>
    <message>
        <source>Wrote {path}</source>
        <translation>已寫入 {path}</translation>
    </message>
    <message>
        <source>Wrote {path}, but the record does not verify: {summary}. Every page says so.</source>
        <translation>已寫入 {path}，但紀錄未通過核驗：{summary}。每一頁都會註明此事。</translation>
    </message>
    <message>
        <source>What verification found</source>
        <translation>核驗結果</translation>
    </message>
</context>
<context>
    <name>ExtraTimeDialog</name>
    <message>
        <source>Extra Time</source>
        <translation>延長時間</translation>
    </message>
    <message>
        <source>Give table {table} of session {session} extra time on the session clock?</source>
        <translation>要在場次計時上給第 {session} 場第 {table} 桌延長時間嗎？</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分鐘</translation>
    </message>
    <message>
        <source>Only this table plays longer; the room&apos;s clock is unchanged. Edit ▸ Undo does not take this back: negative minutes do.</source>
        <translation>只有這一桌延長，場內時鐘不變。「編輯 ▸ 復原」無法撤回此操作，請改輸入負的分鐘數。</translation>
    </message>
    <message>
        <source>Give Extra Time</source>
        <translation>延長時間</translation>
    </message>
    <message>
        <source>Extra minutes for this table:</source>
        <translation>本桌延長分鐘數：</translation>
    </message>
    <message>
        <source>Type the minutes to give (negative to take back).</source>
        <translation>輸入要延長的分鐘數（負數為收回）。</translation>
    </message>
    <message>
        <source>The table&apos;s time left becomes {left}.</source>
        <translation>本桌剩餘時間將變為 {left}。</translation>
    </message>
    <message>
        <source>The table&apos;s time is then up.</source>
        <translation>本桌時間隨即用盡。</translation>
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
        <translation>牌牆摸完：無人得分（按鍵 D）</translation>
    </message>
    <message>
        <source>Self-draw (T)</source>
        <translation>自摸 (T)</translation>
    </message>
    <message>
        <source>The winner drew the winning tile himself (key T)</source>
        <translation>和牌者自己摸到和牌張（按鍵 T）</translation>
    </message>
    <message>
        <source>Enter hand</source>
        <translation>記錄此局</translation>
    </message>
    <message>
        <source>Record the hand on the sheet (Enter)</source>
        <translation>將此局記入記分表（Enter）</translation>
    </message>
    <message>
        <source>Each player&apos;s hand points:</source>
        <translation>各選手的手牌分：</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>分值：</translation>
    </message>
    <message>
        <source>Hand {number} was not recorded: {why}</source>
        <translation>第 {number} 局未記錄：{why}</translation>
    </message>
    <message>
        <source>the sheet takes no more hands</source>
        <translation>記分表不再接受新的局</translation>
    </message>
    <message>
        <source>Hand {number} of table {table} is typed but not entered.</source>
        <translation>第 {table} 桌的第 {number} 局已輸入但尚未記錄。</translation>
    </message>
    <message>
        <source>Hand {was} was recorded elsewhere meanwhile (at the table, or at another desk), so the hand you are typing would be hand {now}. Check it is not the same hand before you record it.</source>
        <translation>第 {was} 局已在別處（桌邊或另一台錄入電腦）錄入，因此你正在輸入的將是第 {now} 局。記錄前請確認不是同一局。</translation>
    </message>
    <message>
        <source>Not recorded yet: hand {was} was recorded elsewhere meanwhile (at the table, or at another desk). Check it is not the same hand, then press Enter again to record this one as hand {now}, or Esc to clear it.</source>
        <translation>尚未記錄：第 {was} 局已在別處（桌邊或另一台錄入電腦）錄入。請確認不是同一局，然後再按 Enter 鍵將本局記錄為第 {now} 局，或按 Esc 鍵清除。</translation>
    </message>
    <message>
        <source>Keys: E S W N or 1–4 (the sheet&apos;s columns) winner, then discarder</source>
        <translation>按鍵：E S W N 或 1–4（記分表各欄）先選和牌者，再選放銃者</translation>
    </message>
    <message>
        <source>T self-draw</source>
        <translation>T 自摸</translation>
    </message>
    <message>
        <source>K kong</source>
        <translation>K 槓</translation>
    </message>
    <message>
        <source>D draw</source>
        <translation>D 流局</translation>
    </message>
    <message>
        <source>I immunity</source>
        <translation>I 免責</translation>
    </message>
    <message>
        <source>+ another winner</source>
        <translation>+ 另一和牌者</translation>
    </message>
    <message>
        <source>Enter commits</source>
        <translation>Enter 確認</translation>
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
        <translation>{who} 截和：依本規則，只有從放銃者下家起最近的和牌者能和牌，因此只記錄了這一家的和牌。</translation>
    </message>
    <message>
        <source>{digit} is not a seat: press the seat keys first (E S W N or 1–4), then type the value.</source>
        <translation>{digit} 不是座位：請先按座位鍵（E S W N 或 1–4），再輸入分值。</translation>
    </message>
    <message>
        <source>{key} is not an entry key: E S W N (or 1–4) choose seats, T a self-draw, D a draw, K a kong, I the responsible player, + another winner.</source>
        <translation>{key} 不是輸入鍵：E S W N（或 1–4）選座位，T 自摸，D 流局，K 槓，I 負責的玩家，+ 另一位贏家。</translation>
    </message>
    <message>
        <source>A hand is being typed: Esc clears it, and Ctrl+Y then redoes.</source>
        <translation>正在輸入一局：按 Esc 清除後，Ctrl+Y 才會重做。</translation>
    </message>
    <message>
        <source>Hand {number} was not recorded: {problem}. Press Backspace to correct the value, or Esc to clear the hand and type it again.</source>
        <translation>第 {number} 局未記錄：{problem}。按 Backspace 修改分值，或按 Esc 清除此局後重新輸入。</translation>
    </message>
    <message>
        <source>{refusal} Nothing typed after it is taken: Backspace drops the refused key, Esc clears the hand.</source>
        <translation>{refusal} 其後輸入的內容均不予接受：按 Backspace 撤去被拒的按鍵，按 Esc 清除本局。</translation>
    </message>
    <message>
        <source>{name} is a winner of this hand already.</source>
        <translation>{name} 已是此局的和牌者。</translation>
    </message>
    <message>
        <source>{name} won this hand: the discarder, or anyone responsible, is one of the other three.</source>
        <translation>{name} 是此局的和牌者：放銃者或負責者須為其他三位之一。</translation>
    </message>
    <message>
        <source>{name} discarded the winning tile: he cannot win on it too.</source>
        <translation>{name} 打出了和牌張：不能同時以此張和牌。</translation>
    </message>
    <message>
        <source>The seats of this hand are chosen already: {name} was not taken.</source>
        <translation>本局的座位已選定：未接受 {name}。</translation>
    </message>
    <message>
        <source>These rules have no same-turn immunity: the discarder always pays for a discard win.</source>
        <translation>本規則沒有同巡免責：胡他人打出的牌時一律由放銃者支付。</translation>
    </message>
    <message>
        <source>Immunity applies to a discard win: pick the winner and the discarder first.</source>
        <translation>免責只適用於放銃和牌：請先選和牌者與放銃者。</translation>
    </message>
    <message>
        <source>Under these rules one player wins a hand: of several claims on one discard, enter the one nearest the discarder&apos;s lower seat.</source>
        <translation>本規則每局只有一位和牌者：多人同時和同一張牌時，輸入放銃者下家方向最近的一位。</translation>
    </message>
    <message>
        <source>Type {who}&apos;s value first; + then adds the next winner.</source>
        <translation>請先輸入 {who} 的分值；之後按 + 新增下一位和牌者。</translation>
    </message>
    <message>
        <source>Several winners need one discard: pick the first winner and the discarder first (at most three).</source>
        <translation>多人和牌須為同一張放銃牌：請先選第一位和牌者與放銃者（最多三人）。</translation>
    </message>
    <message>
        <source>Press a seat key (E S W N or 1–4) for the winner, or D for a draw.</source>
        <translation>請按座位鍵（E S W N 或 1–4）選和牌者，或按 D 表示流局。</translation>
    </message>
    <message>
        <source>Press the discarder&apos;s seat key, or T for a self-draw.</source>
        <translation>請按放銃者的座位鍵，或按 T 表示自摸。</translation>
    </message>
    <message>
        <source>Type the hand value.</source>
        <translation>請輸入此局的分值。</translation>
    </message>
    <message>
        <source>A player cannot win from himself.</source>
        <translation>選手不能和自己打出的牌。</translation>
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
        <translation> · {dealer} 坐莊</translation>
    </message>
    <message>
        <source>All hands entered</source>
        <translation>各局皆已輸入</translation>
    </message>
    <message>
        <source> · winner</source>
        <translation> · 和牌者</translation>
    </message>
    <message>
        <source> · discarder</source>
        <translation> · 放銃者</translation>
    </message>
    <message>
        <source> · sits {wind}</source>
        <translation> · 坐 {wind}</translation>
    </message>
    <message>
        <source>Replace hand</source>
        <translation>取代此局</translation>
    </message>
    <message>
        <source>Seat:</source>
        <translation>座位：</translation>
    </message>
    <message>
        <source>seat key</source>
        <translation>座位鍵</translation>
    </message>
    <message>
        <source>A winner&apos;s hand points are his hand&apos;s value.</source>
        <translation>和牌者本身的手牌分即其和牌分值。</translation>
    </message>
    <message>
        <source>Signed and locked.</source>
        <translation>已簽名並鎖定。</translation>
    </message>
    <message>
        <source>The sheet is complete: select a hand and press F2 to change it, or sign it below.</source>
        <translation>記分表已完成：選取一局並按 F2 可修改，或在下方簽名。</translation>
    </message>
    <message>
        <source>Draw (wall exhausted): nobody scores. Enter to record.</source>
        <translation>流局（牌牆摸完）：無人得分。按 Enter 記錄。</translation>
    </message>
    <message>
        <source>Waiting for the winner&apos;s seat key.</source>
        <translation>等待和牌者的座位鍵。</translation>
    </message>
    <message>
        <source>{winner} wins {value}</source>
        <translation>{winner} 和牌 {value}</translation>
    </message>
    <message>
        <source> alone (the claim nearest the discarder&apos;s lower seat)</source>
        <translation>（唯一成立：離放銃者下家最近的和牌聲明）</translation>
    </message>
    <message>
        <source> (nobody responsible)</source>
        <translation>（無責任者）</translation>
    </message>
    <message>
        <source> (responsible: {who})</source>
        <translation>（責任者：{who}）</translation>
    </message>
    <message>
        <source> from {who}</source>
        <translation>，{who} 放銃</translation>
    </message>
    <message>
        <source>next winner&apos;s seat key…</source>
        <translation>下一位和牌者的座位鍵…</translation>
    </message>
    <message>
        <source>discarder&apos;s seat key…</source>
        <translation>放銃者的座位鍵…</translation>
    </message>
    <message>
        <source>responsible player&apos;s seat key (0: nobody)…</source>
        <translation>責任者的座位鍵（0：無）…</translation>
    </message>
    <message>
        <source>type the value, Enter</source>
        <translation>輸入分值，按 Enter</translation>
    </message>
    <message>
        <source>not a value these rules give (see below)</source>
        <translation>本規則不會出現此番值（見下方說明）</translation>
    </message>
</context>
<context>
    <name>HeadJudgeDialog</name>
    <message>
        <source>what was wrong, in a few words</source>
        <translation>簡述錯誤之處</translation>
    </message>
    <message>
        <source>Head judge:</source>
        <translation>裁判長：</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>原因(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Passphrase:</source>
        <translation>密碼(&amp;P)：</translation>
    </message>
    <message>
        <source>The reason, the head judge&apos;s name and the time go on the record and on every printout of it.</source>
        <translation>原因、裁判長姓名與時間會記入紀錄，並印在每份列印本上。</translation>
    </message>
    <message>
        <source>(none named)</source>
        <translation>（未指定）</translation>
    </message>
    <message>
        <source>This event has no head judge passphrase yet, so nothing signed can be changed. Set one on the Setup page (Head judge ▸ Set passphrase…).</source>
        <translation>本比賽尚未設定裁判長密碼，因此已簽名的內容都無法修改。請在設定頁面設定（裁判長 ▸ 設定密碼…）。</translation>
    </message>
    <message>
        <source>{count} of at least {n} characters</source>
        <translation>{count} 個字元（至少 {n} 個）</translation>
    </message>
    <message>
        <source>1 character</source>
        <translation>1 個字元</translation>
    </message>
    <message>
        <source>{count} characters</source>
        <translation>{count} 個字元</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>About Tournament Manager</source>
        <translation>關於 Tournament Manager</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tournament Manager {version}&lt;/h3&gt;&lt;p&gt;For the head judge of a mahjong tournament: players, draws, score sheets and signatures, penalties, cuts and standings, with printouts for the organisers.&lt;/p&gt;&lt;p&gt;Licence: {licence}.&lt;/p&gt;&lt;p&gt;Qt {qt} · PySide6 {pyside} · Python {python} · {system}&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tournament Manager {version}&lt;/h3&gt;&lt;p&gt;供麻將比賽的裁判長使用：選手、分桌、記分表與簽名、罰分、晉級淘汰與排名，並可列印文件給主辦方。&lt;/p&gt;&lt;p&gt;授權條款：{licence}。&lt;/p&gt;&lt;p&gt;Qt {qt} · PySide6 {pyside} · Python {python} · {system}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Quick Guide</source>
        <translation>快速指南(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>鍵盤快速鍵(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Tournament Manager</source>
        <translation>關於 Tournament Manager(&amp;A)</translation>
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
        <translation>報名編號</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>國家/地區</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱樂部</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>隊伍</translation>
    </message>
    <message>
        <source>Import players from {file}</source>
        <translation>從 {file} 匯入選手</translation>
    </message>
    <message>
        <source>Text encoding:</source>
        <translation>文字編碼：</translation>
    </message>
    <message>
        <source>These rows look like players registered already (same name and country); you will be asked before they are registered:</source>
        <translation>這些列似乎是已報名的選手（姓名與國家/地區相同）；報名前會先詢問您：</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>匯入</translation>
    </message>
    <message>
        <source>Found: {encoding}. If names look garbled, choose the encoding the file was saved in.</source>
        <translation>偵測到：{encoding}。若姓名顯示為亂碼，請選擇檔案儲存時所用的編碼。</translation>
    </message>
    <message>
        <source>Read as {encoding}.</source>
        <translation>以 {encoding} 讀取。</translation>
    </message>
    <message>
        <source>(not imported)</source>
        <translation>（不匯入）</translation>
    </message>
    <message>
        <source>column {n}</source>
        <translation>第 {n} 欄</translation>
    </message>
    <message>
        <source>line {line} of this file</source>
        <translation>本檔案第 {line} 行</translation>
    </message>
    <message>
        <source>no. {number} {name}, registered</source>
        <translation>編號 {number} {name}，已報名</translation>
    </message>
    <message>
        <source>line {line}: {name} looks like {like}</source>
        <translation>第 {line} 行：{name} 疑似 {like}</translation>
    </message>
    <message>
        <source>Choose the column that holds the players&apos; names: no column is taken for the name yet, and nothing will be imported until one is.</source>
        <translation>請選擇存放選手姓名的欄：目前沒有任何欄用作姓名，選定之前不會匯入任何內容。</translation>
    </message>
    <message>
        <source>1 row needs fixing in the file (or another column mapping); nothing will be imported until every row is fine.</source>
        <translation>有 1 列需要在檔案中修正（或改用其他欄位對應）；所有列都正確之前不會匯入任何資料。</translation>
    </message>
    <message>
        <source>{bad} rows need fixing in the file (or another column mapping); nothing will be imported until every row is fine.</source>
        <translation>有 {bad} 列需要在檔案中修正（或改用其他欄位對應）；所有列都正確之前不會匯入任何資料。</translation>
    </message>
    <message>
        <source>1 player will be imported; it looks registered already.</source>
        <translation>將匯入 1 位選手，該選手似乎已報名。</translation>
    </message>
    <message>
        <source>{n} players will be imported; 1 of them looks registered already.</source>
        <translation>將匯入 {n} 位選手，其中 1 位似乎已報名。</translation>
    </message>
    <message>
        <source>{n} players will be imported; {k} of them look registered already.</source>
        <translation>將匯入 {n} 位選手，其中 {k} 位似乎已報名。</translation>
    </message>
    <message>
        <source>1 player will be imported.</source>
        <translation>將匯入 1 位選手。</translation>
    </message>
    <message>
        <source>{n} players will be imported.</source>
        <translation>將匯入 {n} 位選手。</translation>
    </message>
</context>
<context>
    <name>Launch</name>
    <message>
        <source>This station last worked on the event at {address}. File ▸ Open on a Server… opens it again, with the server&apos;s password.</source>
        <translation>本工作站上次使用的是 {address} 上的賽事。請用「檔案 ▸ 在伺服器上開啟…」並輸入伺服器密碼重新開啟。</translation>
    </message>
    <message>
        <source>The event opened last is no longer at {path}: moved, renamed, or on a USB stick that is not plugged in. File ▸ Open finds it where it is now; no other event has been opened in its place.</source>
        <translation>上次開啟的賽事已不在 {path}：可能已被移動、改名，或位於未插入的隨身碟上。請用 檔案 ▸ 開啟 在其現在的位置找到它；程式沒有開啟其他賽事代替它。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Setup</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>分桌</translation>
    </message>
    <message>
        <source>Score sheets</source>
        <translation>記分表</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Cuts</source>
        <translation>晉級淘汰</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新增(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <source>Open on a Ser&amp;ver…</source>
        <translation>從伺服器開啟(&amp;V)…</translation>
    </message>
    <message>
        <source>Open the &amp;Demo Event</source>
        <translation>開啟示範比賽(&amp;D)</translation>
    </message>
    <message>
        <source>Save a Cop&amp;y…</source>
        <translation>儲存副本(&amp;Y)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除選單(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Projector Window</source>
        <translation>投影視窗(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>重新整理(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全螢幕(&amp;F)</translation>
    </message>
    <message>
        <source>Serve Ta&amp;bles</source>
        <translation>開放桌邊輸入(&amp;B)</translation>
    </message>
    <message>
        <source>Table Co&amp;des…</source>
        <translation>各桌代碼(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Verify Record…</source>
        <translation>核驗紀錄(&amp;V)…</translation>
    </message>
    <message>
        <source>Check every signed sheet against its signatures, every hand against the rules and the audit log against the file</source>
        <translation>核對每張已簽名記分表與其簽名、每局與規則，以及稽核紀錄與比賽檔案</translation>
    </message>
    <message>
        <source>&amp;Next Page</source>
        <translation>下一頁(&amp;N)</translation>
    </message>
    <message>
        <source>P&amp;revious Page</source>
        <translation>上一頁(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>Projector S&amp;tandings</source>
        <translation>投影排名(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Go to Page</source>
        <translation>前往頁面(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <source>{language} is remembered, but the environment variable {variable} decides the language here: remove it to use the choice.</source>
        <translation>已記住{language}，但此處的語言由環境變數 {variable} 決定：移除該變數後才會使用此選擇。</translation>
    </message>
    <message>
        <source>The window speaks {language} from the next start.</source>
        <translation>下次啟動時，視窗將以 {language} 顯示。</translation>
    </message>
    <message>
        <source>Projector window</source>
        <translation>投影視窗</translation>
    </message>
    <message>
        <source>Undone: {what}</source>
        <translation>已復原：{what}</translation>
    </message>
    <message>
        <source>Redone: {what}</source>
        <translation>已重做：{what}</translation>
    </message>
    <message>
        <source>No Recent Files</source>
        <translation>沒有最近開啟的檔案</translation>
    </message>
    <message>
        <source>Forget It</source>
        <translation>忘記它</translation>
    </message>
    <message>
        <source>The event opened last is back at {path}.</source>
        <translation>上次開啟的賽事已回到 {path}。</translation>
    </message>
    <message>
        <source>Open It</source>
        <translation>開啟它</translation>
    </message>
    <message>
        <source>The tables are entering their sheets from phones: serving stops, and what they type waits on the phones until it starts again.</source>
        <translation>各桌正在用手機輸入記分表：服務將停止，他們輸入的內容會在手機上等待，直到服務重新開始。</translation>
    </message>
    <message>
        <source>Work Not Finished</source>
        <translation>工作尚未完成</translation>
    </message>
    <message>
        <source>Leave this event for another? What is not finished in it is lost.</source>
        <translation>離開本賽事、開啟另一賽事？其中未完成的內容將會遺失。</translation>
    </message>
    <message>
        <source>Leave It</source>
        <translation>離開</translation>
    </message>
    <message>
        <source>Quit? What is not finished in the event is lost.</source>
        <translation>結束程式？賽事中未完成的內容將會遺失。</translation>
    </message>
    <message>
        <source>Quit Anyway</source>
        <translation>仍然結束</translation>
    </message>
    <message>
        <source>File Exists</source>
        <translation>檔案已存在</translation>
    </message>
    <message>
        <source>{name} exists already: a new event needs a file of its own.</source>
        <translation>{name} 已存在：新賽事需要自己的檔案。</translation>
    </message>
    <message>
        <source>Nothing is written over it. Choose another name for {event}.</source>
        <translation>不會覆寫該檔案。請為 {event} 另選一個名稱。</translation>
    </message>
    <message>
        <source>Choose Another Name…</source>
        <translation>另選名稱…</translation>
    </message>
    <message>
        <source>Serving the tables at {address}</source>
        <translation>桌邊輸入服務位址：{address}</translation>
    </message>
    <message>
        <source>table codes.pdf</source>
        <translation>各桌代碼.pdf</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>This is the demo event, a whole event already played, in a file of its own ({path}); your tournaments are not touched. To try the head judge&apos;s acts, his passphrase is “{passphrase}”.</source>
        <translation>這是示範比賽：一場已全部賽完的比賽，存於獨立的檔案（{path}），不會影響您的比賽。若要試用裁判長的操作，其密碼為「{passphrase}」。</translation>
    </message>
    <message>
        <source>{name} copy</source>
        <translation>{name} 副本</translation>
    </message>
    <message>
        <source>Open the Copy</source>
        <translation>開啟副本</translation>
    </message>
    <message>
        <source>A copy was saved to {path}.</source>
        <translation>副本已儲存至 {path}。</translation>
    </message>
    <message>
        <source>Close the event? What is not finished in it is lost.</source>
        <translation>關閉賽事？其中未完成的內容將會遺失。</translation>
    </message>
    <message>
        <source>Close Anyway</source>
        <translation>仍然關閉</translation>
    </message>
    <message>
        <source>The newest backup is from {when}. Restoring it keeps the damaged file aside.</source>
        <translation>最新的備份時間為 {when}。還原時會另外保留損壞的檔案。</translation>
    </message>
    <message>
        <source>Restore Newest Backup</source>
        <translation>還原最新備份</translation>
    </message>
    <message>
        <source>Take Over the Lock</source>
        <translation>接管檔案鎖</translation>
    </message>
    <message>
        <source>Take over the lock of {name}?</source>
        <translation>要接管 {name} 的檔案鎖嗎？</translation>
    </message>
    <message>
        <source>Do this only if the other computer no longer runs Tournament Manager on this file: two copies writing to one file lose each other&apos;s work.</source>
        <translation>請僅在另一台電腦已不再以 Tournament Manager 使用此檔案時才這樣做：兩個程式同時寫入同一檔案，會互相覆蓋彼此的工作。</translation>
    </message>
    <message>
        <source>Take Over</source>
        <translation>接管</translation>
    </message>
    <message>
        <source>Take Over the Lock…</source>
        <translation>接管檔案鎖…</translation>
    </message>
    <message>
        <source>This record does not verify: {summary}. Check with the head judge before printing or publishing anything from it.</source>
        <translation>此紀錄核驗未通過：{summary}。列印或公布其中任何內容前，請先與裁判長確認。</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>核驗</translation>
    </message>
    <message>
        <source>There is no tournament to verify.</source>
        <translation>沒有可核驗的比賽。</translation>
    </message>
    <message>
        <source>Verify Record</source>
        <translation>核驗紀錄</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>正在開啟…</translation>
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
        <translation>紀錄已重新通過核驗。</translation>
    </message>
    <message>
        <source>Session {n}</source>
        <translation>第 {n} 場</translation>
    </message>
    <message>
        <source>Finish the hand in play; no new hand starts.</source>
        <translation>打完進行中的這一局，不再開始新局。</translation>
    </message>
    <message>
        <source>The hand in play is void; no new hand starts.</source>
        <translation>進行中的這一局作廢，不再開始新局。</translation>
    </message>
    <message>
        <source>{label}: time is up</source>
        <translation>{label}：時間到</translation>
    </message>
    <message>
        <source>{label}: {left} left (clock paused)</source>
        <translation>{label}：剩餘 {left}（計時暫停）</translation>
    </message>
    <message>
        <source>{label}: {left} left</source>
        <translation>{label}：剩餘 {left}</translation>
    </message>
    <message>
        <source>{minutes} minutes left in the session</source>
        <translation>本場剩餘 {minutes} 分鐘</translation>
    </message>
    <message>
        <source>No session is being played or published to come.</source>
        <translation>目前沒有進行中或已公布待進行的場次。</translation>
    </message>
    <message>
        <source>No standings yet.</source>
        <translation>尚無排名。</translation>
    </message>
    <message>
        <source>&amp;Live, After Every Hand</source>
        <translation>即時，每局之後(&amp;L)</translation>
    </message>
    <message>
        <source>After Session {n}</source>
        <translation>第 {n} 場之後</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>詳細資訊…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細資訊</translation>
    </message>
</context>
<context>
    <name>NewPassphraseFields</name>
    <message>
        <source>at least {n} characters</source>
        <translation>至少 {n} 個字元</translation>
    </message>
    <message>
        <source>the same again</source>
        <translation>再輸入一次</translation>
    </message>
    <message>
        <source>Only the head judge should know it: it unlocks signed sheets and reopens finished sessions. Nobody can recover it, so keep it safe.</source>
        <translation>只有裁判長應知道此密碼：它可解除已簽名記分表的鎖定，並重新開啟已結束的場次。密碼無法找回，請妥善保管。</translation>
    </message>
    <message>
        <source>&amp;Passphrase:</source>
        <translation>密碼(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Repeat:</source>
        <translation>確認密碼(&amp;R)：</translation>
    </message>
    <message>
        <source>Choose one of at least {n} characters and type it twice.</source>
        <translation>請設定至少 {n} 個字元的密碼，並輸入兩次。</translation>
    </message>
    <message>
        <source>Too short: {count} of at least {n} characters.</source>
        <translation>太短：{count} 個字元，至少須 {n} 個。</translation>
    </message>
    <message>
        <source>Type the passphrase again below.</source>
        <translation>請在下方再次輸入密碼。</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>兩次輸入的密碼不同。</translation>
    </message>
    <message>
        <source>The passphrases match.</source>
        <translation>兩次輸入的密碼相符。</translation>
    </message>
</context>
<context>
    <name>NewTournamentDialog</name>
    <message>
        <source>New Tournament</source>
        <translation>新增比賽</translation>
    </message>
    <message>
        <source>e.g. Open Mahjong Championship 2026</source>
        <translation>例如：2026 公開麻將錦標賽</translation>
    </message>
    <message>
        <source>An open event is sessions only, with no cut; the other formats fix their own sessions.</source>
        <translation>公開賽只有場次、沒有晉級淘汰；其他賽制的場數由賽制決定。</translation>
    </message>
    <message>
        <source>Head judge</source>
        <translation>裁判長</translation>
    </message>
    <message>
        <source>who may correct signed sheets</source>
        <translation>可更正已簽名記分表的人</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>姓名(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名稱(&amp;N)：</translation>
    </message>
    <message>
        <source>R&amp;ules:</source>
        <translation>規則(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>賽制(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Sessions:</source>
        <translation>場數(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>OpenServerDialog</name>
    <message>
        <source>Head judge</source>
        <translation>裁判長</translation>
    </message>
    <message>
        <source>Results desk</source>
        <translation>成績台</translation>
    </message>
    <message>
        <source>Projector (shows the event, changes nothing)</source>
        <translation>投影（顯示賽況，不做任何變更）</translation>
    </message>
    <message>
        <source>Open an Event on a Server</source>
        <translation>從伺服器開啟比賽</translation>
    </message>
    <message>
        <source>e.g. Results desk 2</source>
        <translation>例如：成績台 2</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>位址(&amp;A)：</translation>
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
        <translation>伺服器位址：postgresql://user[:password]@host/event</translation>
    </message>
    <message>
        <source>A server address begins with postgresql:// (a file is opened with File ▸ Open…)</source>
        <translation>伺服器位址以 postgresql:// 開頭（檔案請用「檔案 ▸ 開啟…」開啟）</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>本機</translation>
    </message>
    <message>
        <source>Database {name} on {host}</source>
        <translation>{host} 上的資料庫 {name}</translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <source>Venue:</source>
        <translation>場地：</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>賽制：</translation>
    </message>
    <message>
        <source>Rounds:</source>
        <translation>各輪：</translation>
    </message>
    <message>
        <source>Sessions played:</source>
        <translation>已賽場數：</translation>
    </message>
    <message>
        <source>Last change:</source>
        <translation>最後修改：</translation>
    </message>
    <message>
        <source>Players:</source>
        <translation>選手：</translation>
    </message>
    <message>
        <source>Substitutes:</source>
        <translation>替補選手：</translation>
    </message>
    <message>
        <source>Withdrawn:</source>
        <translation>已退賽：</translation>
    </message>
    <message>
        <source>Tables drawn:</source>
        <translation>已分桌：</translation>
    </message>
    <message>
        <source>Hands recorded:</source>
        <translation>已記錄局數：</translation>
    </message>
    <message>
        <source>Penalties:</source>
        <translation>罰分：</translation>
    </message>
    <message>
        <source>No tournament is open. Use File ▸ New… or File ▸ Open…</source>
        <translation>目前沒有開啟的比賽。請使用「檔案 ▸ 新增…」或「檔案 ▸ 開啟…」</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未設定）</translation>
    </message>
    <message>
        <source>{played} of {total}</source>
        <translation>{played} / {total}</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>尚無</translation>
    </message>
</context>
<context>
    <name>PassphraseDialog</name>
    <message>
        <source>Change the Head Judge&apos;s Passphrase</source>
        <translation>變更裁判長密碼</translation>
    </message>
    <message>
        <source>Set the Head Judge&apos;s Passphrase</source>
        <translation>設定裁判長密碼</translation>
    </message>
    <message>
        <source>The passphrase was set on {when}. Type the current one, then the new one twice.</source>
        <translation>密碼設定於 {when}。請輸入目前的密碼，再輸入兩次新密碼。</translation>
    </message>
    <message>
        <source>Without a passphrase, no signed sheet can be corrected and no finished session reopened.</source>
        <translation>沒有密碼時，無法更正已簽名的記分表，也無法重新開啟已結束的場次。</translation>
    </message>
    <message>
        <source>the head judge&apos;s name</source>
        <translation>裁判長姓名</translation>
    </message>
    <message>
        <source>Head &amp;judge:</source>
        <translation>裁判長(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Current passphrase:</source>
        <translation>目前密碼(&amp;C)：</translation>
    </message>
</context>
<context>
    <name>PaymentWords</name>
    <message>
        <source>nobody pays</source>
        <translation>無人付分</translation>
    </message>
    <message>
        <source>{who} pay {amount} each</source>
        <translation>{who} 各付 {amount}</translation>
    </message>
    <message>
        <source>{payer} pays {odd}, the others {usual} each</source>
        <translation>{payer} 付 {odd}，其餘各付 {usual}</translation>
    </message>
    <message>
        <source>{payer} pays {amount}</source>
        <translation>{payer} 付 {amount}</translation>
    </message>
    <message>
        <source>{who} nothing</source>
        <translation>{who} 不付分</translation>
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
        <translation>選手</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>分數</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>incident</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>{lost} (+{share} to each other player)</source>
        <translation>{lost}（其他每位選手 +{share}）</translation>
    </message>
</context>
<context>
    <name>PenaltyPanel</name>
    <message>
        <source> s over</source>
        <translation> 秒超時</translation>
    </message>
    <message>
        <source>{points} points per {seconds} s over, or part of it</source>
        <translation>每超時 {seconds} 秒（不足亦計）罰 {points} 分</translation>
    </message>
    <message>
        <source>Time penalty: {rule}</source>
        <translation>超時罰分：{rule}</translation>
    </message>
    <message>
        <source>{s} s → {p}</source>
        <translation>{s} 秒 → {p}</translation>
    </message>
    <message>
        <source>Time: {rule} ({examples}); over {limit} in one hand: resigned</source>
        <translation>超時：{rule}（{examples}）；單局超過 {limit} 分：視為棄權</translation>
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
        <translation>備註</translation>
    </message>
    <message>
        <source>Add penalty</source>
        <translation>新增罰分</translation>
    </message>
    <message>
        <source>Remove selected</source>
        <translation>移除所選</translation>
    </message>
    <message>
        <source>{name}: over {limit} time-penalty points in hand {hand}: treated as resigned unless the judge excuses him.</source>
        <translation>{name}：第 {hand} 局超時罰分超過 {limit} 分：除非裁判豁免，否則視為棄權。</translation>
    </message>
    <message>
        <source>This penalty takes {name} over {limit} points in hand {hand}.</source>
        <translation>此罰分使 {name} 在第 {hand} 局超過 {limit} 分。</translation>
    </message>
    <message>
        <source>A penalty typed for table {table} is not added.</source>
        <translation>為第 {table} 桌輸入的罰分尚未新增。</translation>
    </message>
    <message>
        <source>{seconds} s over</source>
        <translation>超時 {seconds} 秒</translation>
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
        <translation>選手</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>記分卡</translation>
    </message>
    <message>
        <source>Signed</source>
        <translation>已簽名</translation>
    </message>
    <message>
        <source>Against the sheet</source>
        <translation>與記分表比對</translation>
    </message>
    <message>
        <source>Player Cards — Table {table}</source>
        <translation>選手記分卡 — 第 {table} 桌</translation>
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
        <translation>已由三位對手簽名</translation>
    </message>
    <message>
        <source>Copy the Sheet</source>
        <translation>複製記分表</translation>
    </message>
    <message>
        <source>For the card the sheet was typed from: its figures are the sheet&apos;s</source>
        <translation>用於作為記分表輸入來源的那張記分卡：其數字即為記分表的數字</translation>
    </message>
    <message>
        <source>Save Card</source>
        <translation>儲存記分卡</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
    <message>
        <source>Typed by:</source>
        <translation>輸入者：</translation>
    </message>
    <message>
        <source>typed by {who}</source>
        <translation>由 {who} 輸入</translation>
    </message>
    <message>
        <source>not typed</source>
        <translation>未輸入</translation>
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
        <translation>每局一行，依記分卡所示，依序填入 {order} 的分數：</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>相符</translation>
    </message>
    <message>
        <source>hand {hand}: {who}</source>
        <translation>第 {hand} 局：{who}</translation>
    </message>
    <message>
        <source>hand {hands} is not on the card</source>
        <translation>第 {hands} 局不在記分卡上</translation>
    </message>
    <message>
        <source>hands {hands} are not on the card</source>
        <translation>第 {hands} 局不在記分卡上</translation>
    </message>
    <message>
        <source>hand {hands} is not on the sheet</source>
        <translation>第 {hands} 局不在記分表上</translation>
    </message>
    <message>
        <source>hands {hands} are not on the sheet</source>
        <translation>第 {hands} 局不在記分表上</translation>
    </message>
    <message>
        <source>Line {line} (“{text}”) is not a hand: four whole numbers, one for each player in the order above, each hand once.</source>
        <translation>第 {line} 行（「{text}」）不是有效的一局：應為四個整數，依上方順序每位選手一個，每局只出現一次。</translation>
    </message>
    <message>
        <source>The four cards agree with the sheet: it is signed and locked.</source>
        <translation>四張記分卡與記分表相符：記分表已簽名並鎖定。</translation>
    </message>
    <message>
        <source>{name}&apos;s card is saved; it differs from the sheet: {verdict}.</source>
        <translation>{name} 的記分卡已儲存，但與記分表不符：{verdict}。</translation>
    </message>
    <message>
        <source>{name}&apos;s card is saved and agrees with the sheet.</source>
        <translation>{name} 的記分卡已儲存，且與記分表相符。</translation>
    </message>
</context>
<context>
    <name>PlayerCommands</name>
    <message>
        <source>Add player {name}</source>
        <translation>新增選手 {name}</translation>
    </message>
    <message>
        <source>Edit player {name}</source>
        <translation>編輯選手 {name}</translation>
    </message>
    <message>
        <source>Withdraw {name}</source>
        <translation>{name} 退賽</translation>
    </message>
    <message>
        <source>Reinstate {name}</source>
        <translation>恢復 {name} 參賽</translation>
    </message>
    <message>
        <source>Remove player {name}</source>
        <translation>移除選手 {name}</translation>
    </message>
    <message>
        <source>Import players from {file}</source>
        <translation>從 {file} 匯入選手</translation>
    </message>
    <message>
        <source>Remove Imported Players</source>
        <translation>移除匯入的選手</translation>
    </message>
    <message>
        <source>Remove the 1 player imported from {file}?</source>
        <translation>移除從 {file} 匯入的 1 名選手？</translation>
    </message>
    <message>
        <source>Remove the {count} players imported from {file}?</source>
        <translation>移除從 {file} 匯入的 {count} 名選手？</translation>
    </message>
    <message>
        <source>Edit ▸ Redo imports them again.</source>
        <translation>「編輯 ▸ 重做」可重新匯入。</translation>
    </message>
    <message>
        <source>Remove Players</source>
        <translation>移除選手</translation>
    </message>
</context>
<context>
    <name>PlayerSeatsModel</name>
    <message>
        <source>Player</source>
        <translation>選手</translation>
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
        <translation>報名編號</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>國家/地區</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱樂部</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>隊伍</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Substitute</source>
        <translation>替補選手</translation>
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
        <translation>報名編號</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>國家/地區</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱樂部</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>隊伍</translation>
    </message>
    <message>
        <source>Import players</source>
        <translation>匯入選手</translation>
    </message>
    <message>
        <source>Registration tables (*.csv *.xlsx *.xlsm *.txt *.tsv)</source>
        <translation>報名表 (*.csv *.xlsx *.xlsm *.txt *.tsv)</translation>
    </message>
    <message>
        <source>Search name, reg. no., country, club… (accents and case aside)</source>
        <translation>搜尋姓名、報名編號、國家/地區、俱樂部…（不分重音與大小寫）</translation>
    </message>
    <message>
        <source>All players</source>
        <translation>全部選手</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>參賽中</translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation>已退賽</translation>
    </message>
    <message>
        <source>Cut</source>
        <translation>已淘汰</translation>
    </message>
    <message>
        <source>New player</source>
        <translation>新選手</translation>
    </message>
    <message>
        <source>given when left empty</source>
        <translation>留空則自動編號</translation>
    </message>
    <message>
        <source>Su&amp;bstitute (seated only to fill a table)</source>
        <translation>替補選手(&amp;B)（僅用於補滿一桌）</translation>
    </message>
    <message>
        <source>A substitute plays only when the field does not fill tables of four and the event seats substitutes; set when the player is added</source>
        <translation>替補選手只在人數湊不滿四人桌、且本比賽以替補選手補位時才上場；於新增選手時設定</translation>
    </message>
    <message>
        <source>&amp;Add as new player</source>
        <translation>新增為新選手(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Save changes</source>
        <translation>儲存變更(&amp;S)</translation>
    </message>
    <message>
        <source>Wi&amp;thdraw</source>
        <translation>退賽(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Remove registration</source>
        <translation>移除報名(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;New (clear form)</source>
        <translation>新增（清空表單）(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Import CSV/XLSX…</source>
        <translation>匯入 CSV/XLSX(&amp;I)…</translation>
    </message>
    <message>
        <source>Editing {name} (no. {number})</source>
        <translation>正在編輯 {name}（編號 {number}）</translation>
    </message>
    <message>
        <source>Reins&amp;tate</source>
        <translation>恢復參賽(&amp;T)</translation>
    </message>
    <message>
        <source>A new player is typed in the form and not added.</source>
        <translation>表單中輸入了新選手，但尚未新增。</translation>
    </message>
    <message>
        <source>Changes to {name} in the form are not saved.</source>
        <translation>表單中對 {name} 的修改尚未儲存。</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未儲存的修改</translation>
    </message>
    <message>
        <source>Discard the new player typed in the form?</source>
        <translation>放棄表單中輸入的新選手？</translation>
    </message>
    <message>
        <source>Add as new player registers him; he is not registered yet.</source>
        <translation>「新增為新選手」才會為他報名；他尚未報名。</translation>
    </message>
    <message>
        <source>Save the changes to {name}?</source>
        <translation>儲存對 {name} 的修改？</translation>
    </message>
    <message>
        <source>They are typed in the form and not saved yet.</source>
        <translation>這些修改已輸入表單，但尚未儲存。</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放棄</translation>
    </message>
    <message>
        <source>{name} was removed meanwhile (at another station): the changes typed for him are not saved.</source>
        <translation>{name} 已在此期間被移除（在另一台工作站）：為他輸入的修改未儲存。</translation>
    </message>
    <message>
        <source>Registered {name} as no. {number}.</source>
        <translation>已登錄 {name}，編號 {number}。</translation>
    </message>
    <message>
        <source>{said} Session 1 was drawn before he registered: he is seated from session 2.</source>
        <translation>{said}第 1 場在他報名前已分桌：他從第 2 場起入座。</translation>
    </message>
    <message>
        <source>{said} Sessions 1 to {session} were drawn before he registered: he is seated from session {next}.</source>
        <translation>{said}第 1 至第 {session} 場在他報名前已分桌：他從第 {next} 場起入座。</translation>
    </message>
    <message>
        <source>No. {number}: {name}, {country}{club}</source>
        <translation>編號 {number}：{name}，{country}{club}</translation>
    </message>
    <message>
        <source>no country</source>
        <translation>無國家/地區</translation>
    </message>
    <message>
        <source>Possible Duplicate</source>
        <translation>可能重複</translation>
    </message>
    <message>
        <source>{name} may be registered already.</source>
        <translation>{name} 可能已報名。</translation>
    </message>
    <message>
        <source>Registered with the same name and country:
{twins}

Register {name} anyway, as a different player?</source>
        <translation>已有同名且同國家/地區的報名：
{twins}

仍要將 {name} 報名為另一位選手嗎？</translation>
    </message>
    <message>
        <source>Register Anyway</source>
        <translation>仍要報名</translation>
    </message>
    <message>
        <source>Saved the changes to {name} (no. {number}).</source>
        <translation>已儲存 {name}（編號 {number}）的修改。</translation>
    </message>
    <message>
        <source>Withdrew {name}. Edit ▸ Undo takes it back.</source>
        <translation>{name} 已退賽。可用 編輯 ▸ 復原 取消。</translation>
    </message>
    <message>
        <source>Reinstated {name}.</source>
        <translation>已恢復 {name} 參賽。</translation>
    </message>
    <message>
        <source>{name} is seated at table {table} of session {session}, which is being played. Its sheet keeps what he played; he is not seated again.</source>
        <translation>{name} 坐在第 {session} 場第 {table} 桌，該場正在進行。計分表保留他已打的牌局；此後不再為他排座。</translation>
    </message>
    <message>
        <source>{name} is seated at table {table} of session {session}, which is published: it must be drawn again before it starts.</source>
        <translation>{name} 坐在第 {session} 場第 {table} 桌，該場已公布：開始前必須重新分桌。</translation>
    </message>
    <message>
        <source>Withdraw Player</source>
        <translation>選手退賽</translation>
    </message>
    <message>
        <source>Withdraw {name}?</source>
        <translation>讓 {name} 退賽？</translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation>退賽</translation>
    </message>
    <message>
        <source>Importing 1 player…</source>
        <translation>正在匯入 1 位選手…</translation>
    </message>
    <message>
        <source>Importing {n} players…</source>
        <translation>正在匯入 {n} 位選手…</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>未匯入任何選手。</translation>
    </message>
    <message>
        <source>Imported 1 player from {file}.</source>
        <translation>已從 {file} 匯入 1 位選手。</translation>
    </message>
    <message>
        <source>Imported {n} players from {file}.</source>
        <translation>已從 {file} 匯入 {n} 位選手。</translation>
    </message>
    <message>
        <source>Possible Duplicates</source>
        <translation>可能重複</translation>
    </message>
    <message>
        <source>Some players in {file} may be registered already.</source>
        <translation>{file} 中有些選手可能已報名。</translation>
    </message>
    <message>
        <source>Import them anyway, as different players, or leave them out and import the others?</source>
        <translation>仍將他們作為不同的選手匯入，還是略過他們、只匯入其餘選手？</translation>
    </message>
    <message>
        <source>Leave Them Out</source>
        <translation>略過他們</translation>
    </message>
    <message>
        <source>Import Anyway</source>
        <translation>仍要匯入</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>WSOM 2015: 4 sessions, then cuts to the final table</source>
        <translation>WSOM 2015：4 場，之後晉級淘汰至決賽桌</translation>
    </message>
    <message>
        <source>WSOM 2010: 6 sessions, then cuts to the final table</source>
        <translation>WSOM 2010：6 場，之後晉級淘汰至決賽桌</translation>
    </message>
    <message>
        <source>Open: sessions only, no cuts</source>
        <translation>公開賽：只有場次，無晉級淘汰</translation>
    </message>
    <message>
        <source>1 session</source>
        <translation>1 場</translation>
    </message>
    <message>
        <source>{n} sessions</source>
        <translation>{n} 場</translation>
    </message>
    <message>
        <source>carrying {carry:.0%}</source>
        <translation>帶入 {carry:.0%}</translation>
    </message>
    <message>
        <source>top {n} go on</source>
        <translation>前 {n} 名晉級</translation>
    </message>
    <message>
        <source>Rounds set on Setup: {rounds}</source>
        <translation>於設定頁面自訂的輪次：{rounds}</translation>
    </message>
</context>
<context>
    <name>ProjectorFeed</name>
    <message>
        <source>session {n}</source>
        <translation>第 {n} 場</translation>
    </message>
    <message>
        <source>next: session {n}</source>
        <translation>下一場：第 {n} 場</translation>
    </message>
    <message>
        <source>after session {n}</source>
        <translation>第 {n} 場後</translation>
    </message>
    <message>
        <source>“†” after a rank: equal score and raw total, placed by the recorded draw</source>
        <translation>名次後的「†」：換算分與原始總分均相同，依紀錄在案的抽籤結果排序</translation>
    </message>
</context>
<context>
    <name>ProjectorScreenMenu</name>
    <message>
        <source>Projector &amp;Screen</source>
        <translation>投影螢幕(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Automatic: a second screen, else a window</source>
        <translation>自動：有第二螢幕則用之，否則用視窗(&amp;A)</translation>
    </message>
    <message>
        <source>{screen} (this desk)</source>
        <translation>{screen}（本機）</translation>
    </message>
    <message>
        <source>{screen} (not connected)</source>
        <translation>{screen}（未連接）</translation>
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
        <translation>時間到</translation>
    </message>
    <message>
        <source>Close the Projector</source>
        <translation>關閉投影</translation>
    </message>
    <message>
        <source>Projector Full Screen</source>
        <translation>投影全螢幕</translation>
    </message>
    <message>
        <source>Next Projector Page</source>
        <translation>投影下一頁</translation>
    </message>
    <message>
        <source>Previous Projector Page</source>
        <translation>投影上一頁</translation>
    </message>
    <message>
        <source>page {n} of {total}</source>
        <translation>第 {n}/{total} 頁</translation>
    </message>
    <message>
        <source>Time is up</source>
        <translation>時間到</translation>
    </message>
    <message>
        <source>Clock paused · {left}</source>
        <translation>計時暫停 · {left}</translation>
    </message>
    <message>
        <source>Time left {left}</source>
        <translation>剩餘時間 {left}</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>尋找於(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>檔案類型(&amp;T)：</translation>
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
&lt;h2&gt;比賽日流程&lt;/h2&gt;
&lt;ol&gt;
&lt;li&gt;&lt;b&gt;檔案 ▸ 新增…&lt;/b&gt;：設定比賽名稱、規則（中庸計分、國標麻將、傳統計分）、賽制，以及裁判長與其密碼。一場比賽就是一個檔案；每項操作完成時立即儲存，並在開啟檔案時、每場開始前及關閉時備份。沒有「儲存」指令。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;設定&lt;/b&gt;：每場局數、時限及其他設定，在第一場分桌前都可修改。比賽名稱與場地隨時可改。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;選手&lt;/b&gt;：逐一新增選手，或匯入報名表（.csv 或 .xlsx；可拖放到頁面上），並在預覽中檢查欄位對應。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;分桌&lt;/b&gt;：選擇場次，按&lt;b&gt;抽籤分桌…&lt;/b&gt;並查看品質報告（重複相遇），需要時可重新抽籤，然後&lt;b&gt;公布&lt;/b&gt;：此時選手才會看到自己的桌次。&lt;b&gt;開始本場&lt;/b&gt;會先備份，再啟動場次計時。桌上的抽位會顯示骰子與牌。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;記分表&lt;/b&gt;：選擇桌次，在輸入列逐局輸入（旁邊的計算機可依牌計算一局的分值）。罰分與四位選手的簽名在記分表下方的抽屜中；四位選手都簽名後，記分表即鎖定。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;排名&lt;/b&gt;每局之後即時更新；選擇某一場，可查看該場結束時的排名。&lt;b&gt;晉級淘汰&lt;/b&gt;顯示晉級線的位置及其決定因素；&lt;b&gt;執行晉級淘汰…&lt;/b&gt;將晉級者帶入下一輪。&lt;/li&gt;
&lt;/ol&gt;
&lt;h3&gt;場內&lt;/h3&gt;
&lt;p&gt;&lt;b&gt;檢視 ▸ 投影視窗&lt;/b&gt;向全場顯示分桌（進行中的場次或下一場）與排名，並附場次計時；在&lt;b&gt;檢視 ▸ 投影螢幕&lt;/b&gt;選擇螢幕。&lt;b&gt;檢視 ▸ 場次計時&lt;/b&gt;可暫停及繼續所有桌的計時，或為所有桌延長時間。時間到時，視窗與投影上會出現紅色橫幅提示。&lt;/p&gt;
&lt;h3&gt;紀錄與裁判長&lt;/h3&gt;
&lt;p&gt;只有裁判長能修改已鎖定的記分表或重新開啟已結束的場次，須輸入密碼並附上原因；原因會記入紀錄並印在每份列印本上。&lt;b&gt;檢視 ▸ 核驗紀錄…&lt;/b&gt;會核對每張已簽名的記分表、每局的分數收付、晉級淘汰及稽核紀錄。&lt;/p&gt;
&lt;h3&gt;按鍵&lt;/h3&gt;
&lt;p&gt;Ctrl+1 … Ctrl+6 前往各頁面，Ctrl+PgUp 與 Ctrl+PgDown 前往上一頁與下一頁。&lt;b&gt;說明 ▸ 鍵盤快速鍵&lt;/b&gt;列出所有按鍵。&lt;/p&gt;
</translation>
    </message>
</context>
<context>
    <name>RenameHeadJudgeDialog</name>
    <message>
        <source>Rename the Head Judge</source>
        <translation>更改裁判長姓名</translation>
    </message>
    <message>
        <source>The head judge&apos;s name goes on every correction and on its printouts. His passphrase stays as it is: type it to confirm.</source>
        <translation>裁判長姓名會出現在每次更正及其列印本上。密碼維持不變：請輸入密碼以確認。</translation>
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
        <translation>密碼(&amp;P)：</translation>
    </message>
</context>
<context>
    <name>RoomClock</name>
    <message>
        <source>Session &amp;Clock</source>
        <translation>場次計時(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Pause All Tables</source>
        <translation>全部桌暫停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Resume All Tables</source>
        <translation>全部桌繼續(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Extra Time for All Tables…</source>
        <translation>全部桌延長時間(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>RoomExtraTimeDialog</name>
    <message>
        <source>Extra Time for Every Table</source>
        <translation>全部桌延長時間</translation>
    </message>
    <message>
        <source>Give every table of session {session} extra time on the session clock?</source>
        <translation>要在場次計時上給第 {session} 場的每一桌延長時間嗎？</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分鐘</translation>
    </message>
    <message>
        <source>Tables given time of their own keep it on top. Edit ▸ Undo does not take this back: negative minutes do, down to the {given} given so far.</source>
        <translation>已個別延長時間的桌次，會在此之外保留其延長時間。「編輯 ▸ 復原」無法撤回此操作，請改輸入負的分鐘數，最多撤回至今已延長的 {given}。</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分鐘</translation>
    </message>
    <message>
        <source>Give Extra Time</source>
        <translation>延長時間</translation>
    </message>
    <message>
        <source>Extra minutes for every table:</source>
        <translation>每桌延長分鐘數：</translation>
    </message>
    <message>
        <source>Type the minutes to give (negative to take back).</source>
        <translation>輸入要延長的分鐘數（負數為收回）。</translation>
    </message>
    <message>
        <source>The room&apos;s time left becomes {left}.</source>
        <translation>場內剩餘時間將變為 {left}。</translation>
    </message>
    <message>
        <source>The room&apos;s time is then still up ({over} over).</source>
        <translation>場內時間仍已用盡（超出 {over}）。</translation>
    </message>
</context>
<context>
    <name>RoundCommands</name>
    <message>
        <source>Cut after round {n}</source>
        <translation>第 {n} 輪後晉級淘汰</translation>
    </message>
    <message>
        <source>Take back the cut after round {n}</source>
        <translation>撤回第 {n} 輪後的晉級淘汰</translation>
    </message>
    <message>
        <source>Make the Cut</source>
        <translation>執行晉級淘汰</translation>
    </message>
    <message>
        <source>Make the cut after round {n} again?</source>
        <translation>重新執行第 {n} 輪後的晉級淘汰？</translation>
    </message>
    <message>
        <source>The players it took on go on to the next round again, and the others leave the standings of that round.</source>
        <translation>原晉級選手重新進入下一輪，其餘選手退出該輪排名。</translation>
    </message>
    <message>
        <source>Take Back the Cut</source>
        <translation>撤回晉級淘汰</translation>
    </message>
    <message>
        <source>Take back the cut after round {n}?</source>
        <translation>撤回第 {n} 輪後的晉級淘汰？</translation>
    </message>
    <message>
        <source>Everyone plays on in round {n}&apos;s standings again, as before the cut; Edit ▸ Redo makes it again.</source>
        <translation>所有選手重新列入第 {n} 輪的排名，恢復晉級淘汰前的狀態；「編輯 ▸ 重做」可再次執行。</translation>
    </message>
    <message>
        <source>Everyone plays on in round {n}&apos;s standings again, as before the cut; Edit ▸ Undo makes it again.</source>
        <translation>所有選手重新列入第 {n} 輪的排名，恢復晉級淘汰前的狀態；「編輯 ▸ 撤銷」可再次執行。</translation>
    </message>
</context>
<context>
    <name>SeatingCommands</name>
    <message>
        <source>Swap {a} and {b} in session {session}</source>
        <translation>第 {session} 場對調 {a} 與 {b}</translation>
    </message>
    <message>
        <source>Publish the draw of session {n}</source>
        <translation>公布第 {n} 場分桌</translation>
    </message>
    <message>
        <source>Withdraw the Draw</source>
        <translation>撤回分桌</translation>
    </message>
    <message>
        <source>Withdraw the published draw of session {n}?</source>
        <translation>撤回第 {n} 場已公布的分桌？</translation>
    </message>
    <message>
        <source>The draw published before it stands again.</source>
        <translation>之前公布的分桌將恢復有效。</translation>
    </message>
    <message>
        <source>Session {n} has no published seating until Edit ▸ Redo publishes it again.</source>
        <translation>在「編輯 ▸ 重做」重新公布之前，第 {n} 場沒有已公布的分桌。</translation>
    </message>
    <message>
        <source>Start session {n}</source>
        <translation>開始第 {n} 場</translation>
    </message>
    <message>
        <source>Undo the Start</source>
        <translation>撤銷開始</translation>
    </message>
    <message>
        <source>Undo the start of session {n}?</source>
        <translation>撤銷第 {n} 場的開始？</translation>
    </message>
    <message>
        <source>Its clock stops and is cleared; the session can be redrawn before it starts again.</source>
        <translation>計時停止並歸零；重新開始之前可重新分桌。</translation>
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
        <translation>記錄{where}的抽位</translation>
    </message>
    <message>
        <source>Record the winds at {where}</source>
        <translation>記錄{where}的門風</translation>
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
        <translation>東</translation>
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
        <translation>重複同桌的組合：{n}（多餘相遇 {excess} 次，理論最小值 {minimum}）</translation>
    </message>
    <message>
        <source>  {a} and {b} meet again{back}</source>
        <translation>  {a} 與 {b} 再次同桌{back}</translation>
    </message>
    <message>
        <source> (back to back)</source>
        <translation>（連續兩場）</translation>
    </message>
    <message>
        <source>  … and {n} more</source>
        <translation>  …… 另有 {n} 對</translation>
    </message>
    <message>
        <source>Most meetings of one pair: {n}</source>
        <translation>同一對選手最多同桌次數：{n}</translation>
    </message>
    <message>
        <source>Wind spread: {n} ({state})</source>
        <translation>門風分布差：{n}（{state}）</translation>
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
        <translation>重複坐同一桌號：{n}{forced}</translation>
    </message>
    <message>
        <source> (forced)</source>
        <translation>（無法避免）</translation>
    </message>
    <message>
        <source>Club, country or team mates together: {n}</source>
        <translation>同俱樂部、國家/地區或隊伍者同桌：{n}</translation>
    </message>
    <message>
        <source>The round as planned, sessions {first} to {last}: no pair meets twice.</source>
        <translation>依計畫，本輪第 {first} 至第 {last} 場：沒有任何一對選手同桌兩次。</translation>
    </message>
    <message>
        <source>The round as planned, sessions {first} to {last}: {n} repeated pairs (excess meetings {excess}, theoretical minimum {minimum}, back to back {back}); most meetings of one pair: {most}.</source>
        <translation>依計畫，本輪第 {first} 至第 {last} 場：重複同桌的組合 {n} 組（多餘相遇 {excess} 次，理論最小值 {minimum}，連續兩場 {back} 組）；同一對選手最多同桌次數：{most}。</translation>
    </message>
    <message>
        <source>Wind spread at the end of session {last}: {n} ({state}).</source>
        <translation>第 {last} 場結束時的門風分布差：{n}（{state}）。</translation>
    </message>
    <message>
        <source>{order}, on the standings after session {before} (Final seating on Setup): players who have met before are not kept apart.</source>
        <translation>{order}，依第 {before} 場後的排名（設定頁的「決賽分桌」）：已經交過手的選手不會被分開。</translation>
    </message>
    <message>
        <source>Draw of session {n}: not published yet.</source>
        <translation>第 {n} 場分桌：尚未公布。</translation>
    </message>
    <message>
        <source>The search was stopped: this is the best draw it had found.</source>
        <translation>搜尋已中止：這是目前找到的最佳分桌。</translation>
    </message>
    <message>
        <source>Bye this session: {players}.</source>
        <translation>本場輪空：{players}。</translation>
    </message>
    <message>
        <source>The event seats substitutes to fill the last table, but {n} more would be needed, so byes were used. Register a substitute on the Players page (tick Substitute) and draw again to seat everyone.</source>
        <translation>本比賽以替補選手補滿最後一桌，但還需要 {n} 位替補選手，因此改用輪空。請在選手頁面登記替補選手（勾選「替補選手」），再重新分桌，讓每個人都有座位。</translation>
    </message>
    <message>
        <source>&amp;Draw…</source>
        <translation>分桌(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Publish</source>
        <translation>公布(&amp;P)</translation>
    </message>
    <message>
        <source>Dis&amp;card draw…</source>
        <translation>放棄分桌(&amp;C)…</translation>
    </message>
    <message>
        <source>Throw the draw shown away without publishing it</source>
        <translation>不公布，放棄所示的分桌</translation>
    </message>
    <message>
        <source>&amp;Start session</source>
        <translation>開始本場(&amp;S)</translation>
    </message>
    <message>
        <source>Fi&amp;nish session…</source>
        <translation>結束本場(&amp;N)…</translation>
    </message>
    <message>
        <source>Re&amp;open session…</source>
        <translation>重新開啟本場(&amp;O)…</translation>
    </message>
    <message>
        <source>The head judge reopens a finished session, with his passphrase and a reason on record</source>
        <translation>由裁判長以其密碼重新開啟已結束的場次，並記錄原因</translation>
    </message>
    <message>
        <source>S&amp;wap</source>
        <translation>對調(&amp;W)</translation>
    </message>
    <message>
        <source>C&amp;ycle:</source>
        <translation>圈(&amp;Y)：</translation>
    </message>
    <message>
        <source>Simula&amp;te the draw at the selected table</source>
        <translation>模擬所選桌的抽位(&amp;T)</translation>
    </message>
    <message>
        <source>Draw &amp;all tables</source>
        <translation>所有桌抽位(&amp;A)</translation>
    </message>
    <message>
        <source>Simulate the wind draw of cycle 1 at every table of the session that has not started playing (one entry of Edit ▸ Undo)</source>
        <translation>為本場所有尚未開打的桌模擬第 1 圈的抽位（在「編輯 ▸ 復原」中只算一個項目）</translation>
    </message>
    <message>
        <source>&amp;Record the table&apos;s draw…</source>
        <translation>記錄該桌的抽位(&amp;R)…</translation>
    </message>
    <message>
        <source>Type the tiles and throws of a draw done at the table (or who took which wind); the winds are shown before they are saved</source>
        <translation>輸入在桌上抽位時的牌與擲骰結果（或誰抽到哪個風位）；儲存前會先顯示門風</translation>
    </message>
    <message>
        <source>Wind draw at a table</source>
        <translation>單桌抽位</translation>
    </message>
    <message>
        <source>published; new draw not published yet</source>
        <translation>已公布；新分桌尚未公布</translation>
    </message>
    <message>
        <source>drawn, not published yet</source>
        <translation>已排座，尚未公佈</translation>
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
        <translation>隨本次分桌規劃 1 桌</translation>
    </message>
    <message>
        <source>{n} tables planned with the draw</source>
        <translation>隨本次分桌規劃 {n} 桌</translation>
    </message>
    <message>
        <source>1 table planned</source>
        <translation>已規劃 1 桌</translation>
    </message>
    <message>
        <source>{n} tables planned</source>
        <translation>已規劃 {n} 桌</translation>
    </message>
    <message>
        <source>not drawn</source>
        <translation>未分桌</translation>
    </message>
    <message>
        <source>The draw of session {n} is computed but not published.</source>
        <translation>第 {n} 節的抽籤已算出，但尚未公布。</translation>
    </message>
    <message>
        <source>Select two players (Ctrl+click) to see a swap&apos;s effect on repeated pairs.</source>
        <translation>選取兩位選手（Ctrl+按一下）即可查看對調對重複同桌組合的影響。</translation>
    </message>
    <message>
        <source>The tables published before stand until this draw is published.</source>
        <translation>此前公布的桌位在本分桌公布之前保持有效。</translation>
    </message>
    <message>
        <source>No tables drawn yet.</source>
        <translation>尚未分桌。</translation>
    </message>
    <message>
        <source>Session {n}: planned with the draw of session {held}, not published yet. These tables are its plan once that draw is published; the session itself is drawn later.</source>
        <translation>第 {n} 場：依尚未公布的第 {held} 場分桌所做的安排。該分桌公布後，這些桌位即為本場的計畫；本場本身稍後再分桌。</translation>
    </message>
    <message>
        <source>Session {n}: provisional plan, not drawn yet. These tables come from the round&apos;s plan and change when the session is drawn: Draw, read the report, then Publish.</source>
        <translation>第 {n} 場：暫定安排，尚未分桌。這些分桌來自該輪的安排，正式分桌時會改變：請先「分桌」，閱讀報告，再「公布」。</translation>
    </message>
    <message>
        <source>Session {n}: {state}.</source>
        <translation>第 {n} 場：{state}。</translation>
    </message>
    <message>
        <source>This session still seats {gone}, who withdrew after it was drawn: draw it again before it starts; the draw keeps as much of it as it can.</source>
        <translation>本場仍安排了在分桌後退賽的 {gone}：請在開始前重新為本場分桌；分桌會盡量保留原安排。</translation>
    </message>
    <message>
        <source>The field has changed since this plan was made: it seats {gone}, who will not play; {joined} joined after it was made. Draw the session to seat the players present; the draw keeps as much of the plan as it can.</source>
        <translation>做出此安排後參賽名單已有變動：安排中有不再參賽的 {gone}；{joined} 在安排做出後加入。請為本場分桌，以安排在場的選手；分桌會盡量保留原安排。</translation>
    </message>
    <message>
        <source>The field has changed since this plan was made: it seats {gone}, who will not play. Draw the session to seat the players present; the draw keeps as much of the plan as it can.</source>
        <translation>做出此安排後參賽名單已有變動：安排中有不再參賽的 {gone}。請為本場分桌，以安排在場的選手；分桌會盡量保留原安排。</translation>
    </message>
    <message>
        <source>The field has changed since this plan was made: {joined} joined after it was made. Draw the session to seat the players present; the draw keeps as much of the plan as it can.</source>
        <translation>做出此安排後參賽名單已有變動：{joined} 在安排做出後加入。請為本場分桌，以安排在場的選手；分桌會盡量保留原安排。</translation>
    </message>
    <message>
        <source>{cycle} (before hand {hand})</source>
        <translation>{cycle}（第 {hand} 局前）</translation>
    </message>
    <message>
        <source> — a re-pick: the head judge&apos;s</source>
        <translation>——重新抽位，須由裁判長決定</translation>
    </message>
    <message>
        <source>Swapping: repeated pairs {before} → {after}{new}</source>
        <translation>對調後：重複同桌組合 {before} → {after}{new}</translation>
    </message>
    <message>
        <source> (new: {pairs})</source>
        <translation>（新增：{pairs}）</translation>
    </message>
    <message>
        <source>searching…</source>
        <translation>搜尋中…</translation>
    </message>
    <message>
        <source>the best draw so far weighs {cost} (a weight, not a count, of repeated pairs and of club, country or team mates at one table; 0: neither)</source>
        <translation>目前最佳分桌的權重為 {cost}（重複對陣及同俱樂部、國家/地區或隊伍者同桌的加權值，並非次數；0 表示兩者皆無）</translation>
    </message>
    <message>
        <source>Drawing the tables of session {n} (at most {limit:.0f} s): {best}</source>
        <translation>正在為第 {n} 場分桌（最多 {limit:.0f} 秒）：{best}</translation>
    </message>
    <message>
        <source>Draw Session {n}</source>
        <translation>第 {n} 場分桌</translation>
    </message>
    <message>
        <source>Drawing the tables of session {n}…</source>
        <translation>正在為第 {n} 場分桌…</translation>
    </message>
    <message>
        <source>Stop and Keep the Best</source>
        <translation>停止並保留最佳結果</translation>
    </message>
    <message>
        <source>Draw Session</source>
        <translation>分桌</translation>
    </message>
    <message>
        <source>Draw session {n} and discard the draw of session {held}?</source>
        <translation>為第 {n} 場分桌，並放棄第 {held} 場的分桌？</translation>
    </message>
    <message>
        <source>The draw of session {held} is not published. One draw is held at a time: drawing session {n} throws it away.</source>
        <translation>第 {held} 場的分桌尚未公布。一次只保留一個分桌：為第 {n} 場分桌會放棄它。</translation>
    </message>
    <message>
        <source>Session {n} is published. Draw it again?</source>
        <translation>第 {n} 場已公布。要重新分桌嗎？</translation>
    </message>
    <message>
        <source>Its tables may be printed and posted already. They stand until you publish the new draw; Discard draw keeps them.</source>
        <translation>其桌位可能已列印並張貼。在公布新的分桌之前，它們保持有效；「放棄分桌」會保留它們。</translation>
    </message>
    <message>
        <source>Draw Again</source>
        <translation>重新分桌</translation>
    </message>
    <message>
        <source>Discard Draw</source>
        <translation>放棄分桌</translation>
    </message>
    <message>
        <source>Discard the draw of session {n}?</source>
        <translation>放棄第 {n} 場的分桌？</translation>
    </message>
    <message>
        <source>It is not published; the session keeps what it had before the draw.</source>
        <translation>該分桌尚未公布；本場保留分桌前的安排。</translation>
    </message>
    <message>
        <source>The draw of session {n} taken back is not held: the draw of session {held} is. Edit ▸ Redo publishes it again.</source>
        <translation>撤回的第 {n} 場分桌未被保留：保留的是第 {held} 場的分桌。「編輯 ▸ 重做」可再次公布它。</translation>
    </message>
    <message>
        <source>Finish Session</source>
        <translation>結束本場</translation>
    </message>
    <message>
        <source>Finish session {n}?</source>
        <translation>結束第 {n} 場？</translation>
    </message>
    <message>
        <source>Every table&apos;s sheet must be signed and locked. The session then counts as played in the standings and cuts, and its clock stops.
Edit ▸ Undo does not reopen it: only the head judge can, with his passphrase and a reason.</source>
        <translation>每一桌的記分表都必須已簽名並鎖定。之後本場即在排名與晉級淘汰中計為已賽，計時也會停止。
「編輯 ▸ 復原」無法重新開啟本場：只有裁判長可以，須輸入其密碼並說明原因。</translation>
    </message>
    <message>
        <source>Reopen Session</source>
        <translation>重新開啟本場</translation>
    </message>
    <message>
        <source>Reopen session {n}: it counts as unfinished again until it is finished anew, and the cut after its round waits for it.</source>
        <translation>重新開啟第 {n} 場：在再次結束之前，本場重新計為未完成，其所屬輪次之後的晉級淘汰也會等候本場。</translation>
    </message>
    <message>
        <source>Select one table for its wind draw.</source>
        <translation>請選取一桌進行抽位。</translation>
    </message>
    <message>
        <source>Table {table}, cycle {cycle}:</source>
        <translation>第 {table} 桌，第 {cycle} 圈：</translation>
    </message>
    <message>
        <source>Winds as the table reported them: {winds}</source>
        <translation>該桌回報的門風：{winds}</translation>
    </message>
    <message>
        <source>Re-pick the Winds</source>
        <translation>重新抽位</translation>
    </message>
    <message>
        <source>{refusal}.
The head judge may allow it: the players of table {table} pick their seats again before cycle {cycle}, and the reason goes on the record.</source>
        <translation>{refusal}。
裁判長可以准許：第 {table} 桌的選手在第 {cycle} 圈前重新抽位，原因會記錄在案。</translation>
    </message>
    <message>
        <source>Every table of session {n} has started playing: its winds are fixed.</source>
        <translation>第 {n} 場的每一桌都已開打：門風已固定。</translation>
    </message>
    <message>
        <source>Every table of session {n} that has not started has its winds drawn or recorded already. To draw a table&apos;s again, select it and simulate its draw.</source>
        <translation>第 {n} 場尚未開打的各桌均已抽定或記錄門風。如需重新抽取某桌，請選取該桌並模擬其抽位。</translation>
    </message>
    <message>
        <source>Winds drawn at 1 table of session {session}{skipped}. Select a table to read its draw.</source>
        <translation>已在第 {session} 場的 1 桌完成抽位{skipped}。選取一桌即可查看其抽位過程。</translation>
    </message>
    <message>
        <source> ({k} drawn or recorded already kept theirs)</source>
        <translation>（{k} 桌已抽定或已記錄，保留原門風）</translation>
    </message>
    <message>
        <source>Wind draw at every table of session {n}</source>
        <translation>第 {n} 場所有桌抽位</translation>
    </message>
    <message>
        <source>Table {table}, cycle 1:</source>
        <translation>第 {table} 桌，第 1 圈：</translation>
    </message>
    <message>
        <source>Winds drawn at {n} tables of session {session}{skipped}. Select a table to read its draw.</source>
        <translation>已在第 {session} 場的 {n} 桌完成抽位{skipped}。選取一桌即可查看其抽位過程。</translation>
    </message>
    <message>
        <source> ({k} already playing kept theirs)</source>
        <translation>（{k} 桌已開打，保留原門風）</translation>
    </message>
</context>
<context>
    <name>ServiceCommand</name>
    <message>
        <source>“{act}” cannot be undone: what it changed is no longer there (removed or replaced since, at another station perhaps).</source>
        <translation>「{act}」無法復原：它所變更的內容已不存在（之後已被刪除或取代，可能是在另一台電腦上）。</translation>
    </message>
    <message>
        <source>“{act}” cannot be done again: what it changed is no longer there (removed or replaced since, at another station perhaps).</source>
        <translation>「{act}」無法重做：它所變更的內容已不存在（之後已被刪除或取代，可能是在另一台電腦上）。</translation>
    </message>
</context>
<context>
    <name>SessionListModel</name>
    <message>
        <source>Session</source>
        <translation>場次</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>輪</translation>
    </message>
    <message>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>各桌</translation>
    </message>
    <message>
        <source>These tables are the round&apos;s plan, not the draw: they change when the session is drawn and published.</source>
        <translation>這些桌次是本輪的暫定安排，不是分桌結果：本場抽籤分桌並公布後會改變。</translation>
    </message>
</context>
<context>
    <name>SettingWords</name>
    <message>
        <source>Every session</source>
        <translation>每場</translation>
    </message>
    <message>
        <source>Every cycle of hands</source>
        <translation>每圈</translation>
    </message>
    <message>
        <source>The hand in play is void</source>
        <translation>進行中的一局作廢</translation>
    </message>
    <message>
        <source>The hand in play is finished</source>
        <translation>打完進行中的一局</translation>
    </message>
    <message>
        <source>Deducted from the offender</source>
        <translation>從違規者扣除</translation>
    </message>
    <message>
        <source>Paid to the other three</source>
        <translation>付給其他三家</translation>
    </message>
    <message>
        <source>Match points</source>
        <translation>比賽分</translation>
    </message>
    <message>
        <source>Raw score</source>
        <translation>原始分</translation>
    </message>
    <message>
        <source>Table points (4, 2, 1, 0)</source>
        <translation>名次分 (4, 2, 1, 0)</translation>
    </message>
    <message>
        <source>After its hands</source>
        <translation>打滿局數後</translation>
    </message>
    <message>
        <source>After its deals (a dealer who wins deals again)</source>
        <translation>打滿莊數後（莊家和牌則連莊）</translation>
    </message>
    <message>
        <source>One sheet per table</source>
        <translation>每桌一張記分表</translation>
    </message>
    <message>
        <source>One card per player</source>
        <translation>每位選手一張記分卡</translation>
    </message>
    <message>
        <source>By rank, snaking across tables</source>
        <translation>依名次蛇形分桌</translation>
    </message>
    <message>
        <source>By rank, in blocks of four</source>
        <translation>依名次每四人一桌</translation>
    </message>
    <message>
        <source>Drawn, fewest repeated pairs</source>
        <translation>抽籤分桌，盡量不重複同桌</translation>
    </message>
    <message>
        <source>Fill the last table with substitutes</source>
        <translation>以替補選手補滿最後一桌</translation>
    </message>
    <message>
        <source>Byes for the players left over</source>
        <translation>多出的選手輪空</translation>
    </message>
    <message>
        <source>As Seat pick says</source>
        <translation>依「抽位」設定</translation>
    </message>
    <message>
        <source>MCR rotation: West deals third</source>
        <translation>MCR 換位：西家第三圈坐莊</translation>
    </message>
    <message>
        <source>MCR rotation: North deals third</source>
        <translation>MCR 換位：北家第三圈坐莊</translation>
    </message>
    <message>
        <source>Preliminary</source>
        <translation>預賽</translation>
    </message>
    <message>
        <source>Elimination</source>
        <translation>淘汰賽</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>決賽</translation>
    </message>
    <message>
        <source>Planned</source>
        <translation>已規劃</translation>
    </message>
    <message>
        <source>Published</source>
        <translation>已公布</translation>
    </message>
    <message>
        <source>Being played</source>
        <translation>進行中</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已結束</translation>
    </message>
    <message>
        <source>Pattern values</source>
        <translation>番種分值</translation>
    </message>
    <message>
        <source>Minimum points to win</source>
        <translation>起和分數</translation>
    </message>
    <message>
        <source>Payoff</source>
        <translation>付分方式</translation>
    </message>
    <message>
        <source>Par (points paid to the winner)</source>
        <translation>底分（付給和牌者的分）</translation>
    </message>
    <message>
        <source>Three winners on one discard</source>
        <translation>一炮三響</translation>
    </message>
    <message>
        <source>Rule book</source>
        <translation>規則版本</translation>
    </message>
    <message>
        <source>Two concealed kongs (points)</source>
        <translation>雙暗槓（分數）</translation>
    </message>
    <message>
        <source>Kong scoring</source>
        <translation>槓的計分</translation>
    </message>
    <message>
        <source>Concealed kongs over concealed pungs</source>
        <translation>暗槓疊加暗刻</translation>
    </message>
    <message>
        <source>Fully concealed with special hands</source>
        <translation>特殊牌型加計不求人</translation>
    </message>
    <message>
        <source>Lesser honours and knitted tiles: all types</source>
        <translation>全不靠：加計五門齊</translation>
    </message>
    <message>
        <source>Nine gates with a terminal pung</source>
        <translation>九蓮寶燈：加計幺九刻</translation>
    </message>
    <message>
        <source>Knitted straight: edge and closed waits</source>
        <translation>組合龍：加計邊張、坎張</translation>
    </message>
    <message>
        <source>All terminals counts double pung</source>
        <translation>清幺九加計雙同刻</translation>
    </message>
    <message>
        <source>All green counts half flush</source>
        <translation>綠一色加計混一色</translation>
    </message>
    <message>
        <source>Seven pairs: tile hog exceptions</source>
        <translation>七對：四歸一的例外</translation>
    </message>
    <message>
        <source>Wait fan scored</source>
        <translation>和張番（邊、坎、單釣）計法</translation>
    </message>
    <message>
        <source>Points for going out</source>
        <translation>和牌分數</translation>
    </message>
    <message>
        <source>Points per flower</source>
        <translation>每張花牌分數</translation>
    </message>
    <message>
        <source>Points for a self-draw</source>
        <translation>自摸分數</translation>
    </message>
    <message>
        <source>Points for the only possible tile</source>
        <translation>獨聽分數</translation>
    </message>
    <message>
        <source>Points for a pair of the prevailing wind</source>
        <translation>圈風雀頭分數</translation>
    </message>
    <message>
        <source>Pung of the prevailing wind doubles</source>
        <translation>圈風刻子翻倍</translation>
    </message>
    <message>
        <source>Points for a concealed hand</source>
        <translation>門前清分數</translation>
    </message>
    <message>
        <source>Losers score their pairs</source>
        <translation>輸家計雀頭分</translation>
    </message>
    <message>
        <source>Losers score one-suit doubles</source>
        <translation>輸家計一色翻倍</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>滿貫</translation>
    </message>
    <message>
        <source>Each loser pays</source>
        <translation>輸家付分</translation>
    </message>
    <message>
        <source>East pays and receives double</source>
        <translation>東家付分、收分加倍</translation>
    </message>
    <message>
        <source>Losers settle among themselves</source>
        <translation>輸家之間互相結算</translation>
    </message>
    <message>
        <source>Dealer keeps the deal after a draw</source>
        <translation>流局時莊家連莊</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>標準</translation>
    </message>
    <message>
        <source>WSOM variant</source>
        <translation>WSOM 變體</translation>
    </message>
    <message>
        <source>Formal (par)</source>
        <translation>正式（底分制）</translation>
    </message>
    <message>
        <source>Uniform</source>
        <translation>均等</translation>
    </message>
    <message>
        <source>Discarder pays</source>
        <translation>放銃者付</translation>
    </message>
    <message>
        <source>All three win</source>
        <translation>三家皆和</translation>
    </message>
    <message>
        <source>A draw</source>
        <translation>視為流局</translation>
    </message>
    <message>
        <source>Green Book (MCR 2006)</source>
        <translation>綠皮書 (MCR 2006)</translation>
    </message>
    <message>
        <source>MahjongGB</source>
        <translation>MahjongGB</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>全額</translation>
    </message>
    <message>
        <source>Reduced</source>
        <translation>減額</translation>
    </message>
    <message>
        <source>If any arrangement has it</source>
        <translation>任一拆法成立即計</translation>
    </message>
    <message>
        <source>If every arrangement has it</source>
        <translation>所有拆法皆成立才計</translation>
    </message>
    <message>
        <source>Classic</source>
        <translation>傳統</translation>
    </message>
    <message>
        <source>Babcock</source>
        <translation>Babcock</translation>
    </message>
    <message>
        <source>The difference of the scores</source>
        <translation>分數差額</translation>
    </message>
    <message>
        <source>Zung Jung (Asia Pacific Mahjong)</source>
        <translation>中庸計分（亞太麻將大賽）</translation>
    </message>
    <message>
        <source>Mahjong Competition Rules (MCR, Chinese Official)</source>
        <translation>國標麻將（MCR，中國官方競賽規則）</translation>
    </message>
    <message>
        <source>Classical Chinese (Babcock points and doubles)</source>
        <translation>傳統計分（Babcock 計分與加倍）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>開</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
</context>
<context>
    <name>SettingsForm</name>
    <message>
        <source>Session ends</source>
        <translation>一場結束於</translation>
    </message>
    <message>
        <source>Seat pick</source>
        <translation>抽位</translation>
    </message>
    <message>
        <source>When time runs out</source>
        <translation>時間到時</translation>
    </message>
    <message>
        <source>Penalty points</source>
        <translation>罰分</translation>
    </message>
    <message>
        <source>Session score</source>
        <translation>每場得分</translation>
    </message>
    <message>
        <source>Score record</source>
        <translation>記分方式</translation>
    </message>
    <message>
        <source>Final seating</source>
        <translation>決賽分桌</translation>
    </message>
    <message>
        <source>Field not a multiple of 4</source>
        <translation>人數非 4 的倍數</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>場數</translation>
    </message>
    <message>
        <source>Keeps (cut)</source>
        <translation>晉級人數</translation>
    </message>
    <message>
        <source>Carry</source>
        <translation>帶入比例</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>俱樂部</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>國家/地區</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>隊伍</translation>
    </message>
    <message>
        <source>Use this format&apos;s rounds</source>
        <translation>套用此賽制的各輪</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分鐘</translation>
    </message>
    <message>
        <source>paid to the other three</source>
        <translation>分給其他三家</translation>
    </message>
    <message>
        <source>each hand typed twice</source>
        <translation>每局輸入兩次</translation>
    </message>
    <message>
        <source>A hand counts when it was typed twice the same: by two players of the table (table-side entry) or by two typists at the results desk, each typing the paper sheet blind; entries that differ are shown on the progress board</source>
        <translation>同一局由兩人輸入相同內容才算數：可由該桌兩位選手（桌邊輸入），或由成績台兩位輸入員各自盲打紙本記分表；輸入不一致的局會顯示在進度看板上</translation>
    </message>
    <message>
        <source>Add a round</source>
        <translation>新增一輪</translation>
    </message>
    <message>
        <source>A round after the last: the last round&apos;s cut (Keeps) says how many play it</source>
        <translation>在最後一輪之後新增一輪：參賽人數由最後一輪的晉級淘汰（晉級人數）決定</translation>
    </message>
    <message>
        <source>Remove the last round</source>
        <translation>移除最後一輪</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>比賽</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名稱：</translation>
    </message>
    <message>
        <source>Venue:</source>
        <translation>場地：</translation>
    </message>
    <message>
        <source>Format preset:</source>
        <translation>賽制預設：</translation>
    </message>
    <message>
        <source>Rounds:</source>
        <translation>各輪：</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>對局</translation>
    </message>
    <message>
        <source>Hands (deals) per session:</source>
        <translation>每場局數：</translation>
    </message>
    <message>
        <source>Session time limit:</source>
        <translation>每場時限：</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分鐘</translation>
    </message>
    <message>
        <source>Bye score (raw):</source>
        <translation>輪空得分（原始分）：</translation>
    </message>
    <message>
        <source>False win penalty:</source>
        <translation>詐和罰分：</translation>
    </message>
    <message>
        <source>{n} (an incident)</source>
        <translation>{n}（記為事件）</translation>
    </message>
    <message>
        <source>round {n}: sessions and keeps are whole numbers; carry is a percentage (50%) or a fraction (0.5)</source>
        <translation>第 {n} 輪：場數與晉級人數須為整數；帶入比例為百分比（50%）或小數（0.5）</translation>
    </message>
    <message>
        <source>Double entry:</source>
        <translation>雙重輸入：</translation>
    </message>
    <message>
        <source>Seats between cycles</source>
        <translation>各圈之間的座位</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Keep apart in session 1:</source>
        <translation>第 1 場避免同桌：</translation>
    </message>
    <message>
        <source>Scoring rules</source>
        <translation>計分規則</translation>
    </message>
    <message>
        <source>Rule set:</source>
        <translation>規則：</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>預設：{value}</translation>
    </message>
    <message>
        <source>{n}, paid to the other three</source>
        <translation>{n}，分給其他三家</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
</context>
<context>
    <name>SetupCommands</name>
    <message>
        <source>Rename the event</source>
        <translation>更改比賽名稱</translation>
    </message>
    <message>
        <source>Change settings</source>
        <translation>變更設定</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Head judge</source>
        <translation>裁判長</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>更名…</translation>
    </message>
    <message>
        <source>Put another name on the head judge, with his passphrase</source>
        <translation>更改裁判長姓名（須輸入密碼）</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>姓名：</translation>
    </message>
    <message>
        <source>Passphrase:</source>
        <translation>密碼：</translation>
    </message>
    <message>
        <source>Apply settings</source>
        <translation>套用設定</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>捨棄變更</translation>
    </message>
    <message>
        <source>set on {when}</source>
        <translation>設定於 {when}</translation>
    </message>
    <message>
        <source>Change passphrase…</source>
        <translation>變更密碼…</translation>
    </message>
    <message>
        <source>(not named)</source>
        <translation>（未指定）</translation>
    </message>
    <message>
        <source>none: signed sheets cannot be corrected nor finished sessions reopened until one is set</source>
        <translation>無：設定密碼前，無法更正已簽名的記分表，也無法重新開啟已結束的場次</translation>
    </message>
    <message>
        <source>Set passphrase…</source>
        <translation>設定密碼…</translation>
    </message>
    <message>
        <source>Changes on the Setup page are not applied.</source>
        <translation>設定頁面上的修改尚未套用。</translation>
    </message>
    <message>
        <source>This event is open to read only: nothing here can change.</source>
        <translation>此賽事以唯讀方式開啟：此處無法更改任何內容。</translation>
    </message>
    <message>
        <source>Apply name and venue</source>
        <translation>套用名稱與場地</translation>
    </message>
    <message>
        <source>The first session has been drawn: the settings are fixed; the event&apos;s name and venue can still change.</source>
        <translation>第一場已分桌：設定已固定；比賽名稱與場地仍可修改。</translation>
    </message>
    <message>
        <source>Settings can change until the first session is drawn.</source>
        <translation>第一場分桌前皆可修改設定。</translation>
    </message>
</context>
<context>
    <name>SheetCommands</name>
    <message>
        <source>Change table {table}&apos;s sheet: “{act}”?</source>
        <translation>修改第 {table} 桌的記分表：「{act}」？</translation>
    </message>
    <message>
        <source>Undo “{act}” on table {table}&apos;s sheet?</source>
        <translation>撤銷第 {table} 桌記分表上的「{act}」？</translation>
    </message>
    <message>
        <source>Redo “{act}” on table {table}&apos;s sheet?</source>
        <translation>重做第 {table} 桌記分表上的「{act}」？</translation>
    </message>
    <message>
        <source>Signed Sheet</source>
        <translation>已簽名的記分表</translation>
    </message>
    <message>
        <source>Signed as it stands by: {names}. After the change they must sign again; their signatures stay on the record for the sheet as it was.</source>
        <translation>已按目前內容簽名：{names}。修改後他們須重新簽名；其簽名作為原記分表的紀錄保留。</translation>
    </message>
    <message>
        <source>Change the Sheet</source>
        <translation>修改記分表</translation>
    </message>
    <message>
        <source>Nothing changed: table {table}&apos;s sheet keeps the signatures of {names}.</source>
        <translation>未作修改：第 {table} 桌記分表保留 {names} 的簽名。</translation>
    </message>
    <message>
        <source>Enter hand</source>
        <translation>輸入一局</translation>
    </message>
    <message>
        <source>Enter hand T{table} #{hand}</source>
        <translation>輸入第 {table} 桌第 {hand} 局</translation>
    </message>
    <message>
        <source>Change hand T{table} #{hand}</source>
        <translation>修改第 {table} 桌第 {hand} 局</translation>
    </message>
    <message>
        <source>Delete hand T{table} #{hand}</source>
        <translation>刪除第 {table} 桌第 {hand} 局</translation>
    </message>
    <message>
        <source>Add penalty T{table}</source>
        <translation>第 {table} 桌新增罰分</translation>
    </message>
    <message>
        <source>Remove penalty T{table}</source>
        <translation>第 {table} 桌移除罰分</translation>
    </message>
    <message>
        <source>Sign T{table} ({name})</source>
        <translation>第 {table} 桌簽名（{name}）</translation>
    </message>
    <message>
        <source>Withdraw a Signature</source>
        <translation>撤回簽名</translation>
    </message>
    <message>
        <source>Withdraw {name}&apos;s signature from table {table}&apos;s sheet?</source>
        <translation>撤回 {name} 在第 {table} 桌記分表上的簽名？</translation>
    </message>
    <message>
        <source>The sheet cannot lock until {name} signs it again.</source>
        <translation>在 {name} 重新簽名之前，記分表無法鎖定。</translation>
    </message>
    <message>
        <source>Withdraw the Signature</source>
        <translation>撤回簽名</translation>
    </message>
    <message>
        <source>Correct T{table}</source>
        <translation>更正第 {table} 桌</translation>
    </message>
    <message>
        <source>Stop T{table} on time</source>
        <translation>第 {table} 桌時間到停止</translation>
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
        <translation>莊家</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
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
        <translation>放銃者</translation>
    </message>
    <message>
        <source>Responsible</source>
        <translation>責任者</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>分值</translation>
    </message>
    <message>
        <source>Patterns</source>
        <translation>番種</translation>
    </message>
    <message>
        <source>{player}: running total</source>
        <translation>{player}：累計分</translation>
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
        <translation>本電腦僅顯示賽事：牌局、罰分、簽名和計時須在裁判長或成績台的電腦上輸入。</translation>
    </message>
    <message>
        <source>Signed and locked. To change a hand or a penalty, the head judge unlocks it for correction (Signatures and lock ▸ Unlock for correction…); its players then sign the corrected version.</source>
        <translation>已簽名並鎖定。如需更改某一局或罰分，須由裁判長解除鎖定以更正（簽名與鎖定 ▸ 解除鎖定以更正…），之後本桌選手在更正後的版本上重新簽名。</translation>
    </message>
    <message>
        <source>Session {n} has not started: start it on the Seating page to enter hands, penalties and stops.</source>
        <translation>第 {n} 場尚未開始：請在分桌頁面開始本場，才能輸入各局、罰分與時間到停止。</translation>
    </message>
</context>
<context>
    <name>SheetWidget</name>
    <message>
        <source>Extra time…</source>
        <translation>延長時間…</translation>
    </message>
    <message>
        <source>Give this table minutes of its own on the session clock (a ruling held it up)</source>
        <translation>在場次計時上給本桌額外的分鐘數（因裁判判決而耽擱）</translation>
    </message>
    <message>
        <source>Stop on time…</source>
        <translation>時間到停止…</translation>
    </message>
    <message>
        <source>The session clock ran out: no later hand is scored</source>
        <translation>場次計時已用盡：之後的局不再計分</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>罰分</translation>
    </message>
    <message>
        <source>Signatures and lock</source>
        <translation>簽名與鎖定</translation>
    </message>
    <message>
        <source>Pick a session and a table</source>
        <translation>請選擇場次與桌次</translation>
    </message>
    <message>
        <source>Session {session} · Table {table}</source>
        <translation>第 {session} 場 · 第 {table} 桌</translation>
    </message>
    <message>
        <source> · locked</source>
        <translation> · 已鎖定</translation>
    </message>
    <message>
        <source> · corrected (version {v})</source>
        <translation> · 已更正（第 {v} 版）</translation>
    </message>
    <message>
        <source> · stopped on time after hand {n}</source>
        <translation> · 第 {n} 局後時間到停止</translation>
    </message>
    <message>
        <source>Penalties ({n})</source>
        <translation>罰分 ({n})</translation>
    </message>
    <message>
        <source>Corrected v{version} — {reason} — {when} — {judge}</source>
        <translation>已更正 v{version} — {reason} — {when} — {judge}</translation>
    </message>
    <message>
        <source>Signed hash (version {v}): {hash}</source>
        <translation>簽名雜湊值（第 {v} 版）：{hash}</translation>
    </message>
    <message>
        <source> · verified</source>
        <translation> · 已核驗</translation>
    </message>
    <message>
        <source> · DOES NOT MATCH SIGNATURES</source>
        <translation> · 與簽名不符</translation>
    </message>
    <message>
        <source>Hand {hand} is open for a change in the entry bar: record it (Enter) or leave it (Esc) before {name} signs.</source>
        <translation>第 {hand} 局正在輸入欄中修改：請先記錄（Enter）或放棄（Esc），再讓 {name} 簽名。</translation>
    </message>
    <message>
        <source>Unlock for Correction</source>
        <translation>解除鎖定以更正</translation>
    </message>
    <message>
        <source>Unlock table {table} of session {session} for a correction: its players will have to sign version {version}.</source>
        <translation>解除第 {session} 場第 {table} 桌的鎖定以進行更正：該桌選手須簽署第 {version} 版。</translation>
    </message>
    <message>
        <source>The cut after round {round} has been made. The scores its players carry follow the corrected totals once the sheet is signed again; if the correction changes who goes through, the Cuts page says so.</source>
        <translation>第 {round} 輪後的晉級淘汰已執行。計分表重新簽名後，晉級選手帶入的分數將隨更正後的總分更新；若更正改變了晉級名單，「晉級淘汰」頁會提示。</translation>
    </message>
    <message>
        <source>Round {next} is drawn: the cut itself stands as made.</source>
        <translation>第 {next} 輪已分桌：晉級名單維持原樣。</translation>
    </message>
    <message>
        <source>It can be taken back and made again while round {next} has no draw.</source>
        <translation>第 {next} 輪尚未分桌時，可撤回並重新執行。</translation>
    </message>
    <message>
        <source>The hand in play (hand {next}) is still finished and scored; no hand after it is.</source>
        <translation>進行中的這一局（第 {next} 局）仍會打完並計分；之後的局不計分。</translation>
    </message>
    <message>
        <source>The hand in play is void: no hand after hand {last} is scored.</source>
        <translation>進行中的這一局作廢：第 {last} 局之後的局都不計分。</translation>
    </message>
    <message>
        <source>Hands completed: {done} of {planned}.</source>
        <translation>已完成局數：{done} / {planned}。</translation>
    </message>
    <message>
        <source>Time left on the session clock: {left}.</source>
        <translation>場次計時剩餘：{left}。</translation>
    </message>
    <message>
        <source>The session clock has run out.</source>
        <translation>場次計時已用盡。</translation>
    </message>
    <message>
        <source>Edit ▸ Undo takes the stop back.</source>
        <translation>「編輯 ▸ 復原」可撤回此停止。</translation>
    </message>
    <message>
        <source>Stop on Time</source>
        <translation>時間到停止</translation>
    </message>
    <message>
        <source>Stop table {table} of session {session} on time?</source>
        <translation>要以時間到停止第 {session} 場第 {table} 桌嗎？</translation>
    </message>
</context>
<context>
    <name>SheetsPage</name>
    <message>
        <source>Session:</source>
        <translation>場次：</translation>
    </message>
    <message>
        <source>Tables:</source>
        <translation>桌次：</translation>
    </message>
    <message>
        <source>Transcribe paper sheets</source>
        <translation>轉錄紙本記分表</translation>
    </message>
    <message>
        <source>The results desk: type the signed paper Score Record Sheets in, one stream of keys per sheet (Ctrl+PageDown: the next table still to type)</source>
        <translation>成績台：輸入已簽名的紙本記分表，每張記分表連續按鍵輸入（Ctrl+PageDown：下一張待輸入的桌次）</translation>
    </message>
    <message>
        <source>Player Cards…</source>
        <translation>選手記分卡…</translation>
    </message>
    <message>
        <source>This event keeps one card per player: type each table&apos;s four cards, compared with its sheet hand by hand</source>
        <translation>本比賽每位選手一張記分卡：輸入每桌的四張記分卡，逐局與記分表比對</translation>
    </message>
    <message>
        <source>Calculator in its own window</source>
        <translation>計算機獨立視窗</translation>
    </message>
    <message>
        <source>Show the calculator in a window of its own, so the whole sheet stays in view</source>
        <translation>在獨立視窗顯示計算機，讓整張記分表保持可見</translation>
    </message>
    <message>
        <source>Calculator</source>
        <translation>計算機</translation>
    </message>
    <message>
        <source>Session {n}</source>
        <translation>第 {n} 場</translation>
    </message>
    <message>
        <source>Round {r} · {t} tables · {s}</source>
        <translation>第 {r} 輪 · {t} 桌 · {s}</translation>
    </message>
    <message>
        <source>Every table&apos;s sheet is typed in.</source>
        <translation>每桌的記分表皆已輸入。</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按鍵</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>動作</translation>
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
        <translation>簽名</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Unlock for correction…</source>
        <translation>解除鎖定以更正…</translation>
    </message>
    <message>
        <source>The head judge opens the signed sheet for a correction, with his passphrase and a reason; the players then sign the corrected version</source>
        <translation>裁判長以密碼並附上原因，開啟已簽名的記分表進行更正；之後由選手簽署更正後的版本</translation>
    </message>
    <message>
        <source>Locked: version {v} signed on paper by all four players</source>
        <translation>已鎖定：四位選手皆已在紙本上簽署第 {v} 版</translation>
    </message>
    <message>
        <source>Locked: version {v} signed by all four players</source>
        <translation>已鎖定：四位選手皆已簽署第 {v} 版</translation>
    </message>
    <message>
        <source>Open for correction: the players sign version {v}</source>
        <translation>開放更正中：選手須簽署第 {v} 版</translation>
    </message>
    <message>
        <source>Complete: ready for signatures</source>
        <translation>已完成：可以簽名</translation>
    </message>
    <message>
        <source>Complete: {n} of 4 players have signed this version</source>
        <translation>已完成：4 名選手中已有 {n} 名簽署此版本</translation>
    </message>
    <message>
        <source>Open: hands {hands} still missing</source>
        <translation>未完成：尚缺第 {hands} 局</translation>
    </message>
    <message>
        <source>Signed on paper · transcribed by {who}, {when}</source>
        <translation>已在紙本簽名 · 由 {who} 轉錄，{when}</translation>
    </message>
    <message>
        <source>Signed {when}</source>
        <translation>已簽名 {when}</translation>
    </message>
    <message>
        <source>Not signed</source>
        <translation>未簽名</translation>
    </message>
    <message>
        <source>Signed version {old} — sign version {new} anew</source>
        <translation>已簽第 {old} 版 — 請重新簽署第 {new} 版</translation>
    </message>
    <message>
        <source>Signed before the sheet changed — sign it again</source>
        <translation>簽名後記分表已變更 — 請重新簽名</translation>
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
        <translation>編號</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>國家/地區</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>輪</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>總分</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>原始總分</translation>
    </message>
    <message>
        <source>Carried</source>
        <translation>帶入分</translation>
    </message>
    <message>
        <source>S{n}</source>
        <translation>第{n}場</translation>
    </message>
    <message>
        <source>Withdrawn: results shown, no place taken</source>
        <translation>已退賽：顯示成績，不佔名次</translation>
    </message>
    <message>
        <source>Substitute: results shown, no place taken</source>
        <translation>替補選手：顯示成績，不佔名次</translation>
    </message>
    <message>
        <source>Shared place: the tie-breaks cannot separate these players</source>
        <translation>並列名次：同分排序無法區分這些選手</translation>
    </message>
    <message>
        <source>Level on score and raw total with a player next to him in his round: the recorded draw placed him</source>
        <translation>與本輪排名相鄰的選手換算分及原始總分均相同：依紀錄在案的抽籤結果排定名次</translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation>已退賽</translation>
    </message>
    <message>
        <source>late</source>
        <translation>未報名</translation>
    </message>
    <message>
        <source> (bye)</source>
        <translation>（輪空）</translation>
    </message>
</context>
<context>
    <name>StandingsPage</name>
    <message>
        <source>Show on projector</source>
        <translation>在投影上顯示</translation>
    </message>
    <message>
        <source>Standings after:</source>
        <translation>排名截至：</translation>
    </message>
    <message>
        <source>every session played</source>
        <translation>所有已賽場次</translation>
    </message>
    <message>
        <source>session {n}</source>
        <translation>第 {n} 場</translation>
    </message>
    <message>
        <source>{ranked} ranked · {withdrawn} withdrawn</source>
        <translation>{ranked} 人列入排名 · {withdrawn} 人已退賽</translation>
    </message>
    <message>
        <source>{counts} · “†” after a rank: equal score and raw total, placed by the recorded draw</source>
        <translation>{counts} · 名次後的「†」：換算分與原始總分均相同，依紀錄在案的抽籤結果排序</translation>
    </message>
</context>
<context>
    <name>TableClock</name>
    <message>
        <source>Table {n}: time is up</source>
        <translation>第 {n} 桌：時間到</translation>
    </message>
    <message>
        <source>Table {n}: {left} left</source>
        <translation>第 {n} 桌：剩餘 {left}</translation>
    </message>
    <message>
        <source> (+{m} min)</source>
        <translation> (+{m} 分鐘)</translation>
    </message>
    <message>
        <source> (clock paused)</source>
        <translation>（計時暫停）</translation>
    </message>
    <message>
        <source>The session clock of session {s} for this table</source>
        <translation>本桌第 {s} 場的場次計時</translation>
    </message>
    <message>
        <source>extra time for the room: {m} min</source>
        <translation>全場延長時間：{m} 分鐘</translation>
    </message>
    <message>
        <source>extra time for this table: {m} min</source>
        <translation>本桌延長時間：{m} 分鐘</translation>
    </message>
</context>
<context>
    <name>TableCodesDialog</name>
    <message>
        <source>Tables Served</source>
        <translation>桌邊輸入</translation>
    </message>
    <message>
        <source>Each table opens {address} on a phone or tablet on this network and types its code:</source>
        <translation>各桌用連上此網路的手機或平板開啟 {address}，並輸入該桌代碼：</translation>
    </message>
    <message>
        <source>Session {session}, table {table}: {code}</source>
        <translation>第 {session} 場第 {table} 桌：{code}</translation>
    </message>
    <message>
        <source>No session is being played: start one on the Seating page, then open this again.</source>
        <translation>目前沒有進行中的場次：請在分桌頁面開始一場後，再重新開啟此視窗。</translation>
    </message>
    <message>
        <source>&amp;Print the Cards…</source>
        <translation>列印代碼卡(&amp;P)…</translation>
    </message>
    <message>
        <source>Wrote {path}</source>
        <translation>已寫入 {path}</translation>
    </message>
</context>
<context>
    <name>TableDrawDialog</name>
    <message>
        <source>Record the Wind Draw at Table {n}</source>
        <translation>記錄第 {n} 桌的抽位</translation>
    </message>
    <message>
        <source>before the first hand</source>
        <translation>第一局之前</translation>
    </message>
    <message>
        <source>for cycle {cycle}</source>
        <translation>第 {cycle} 圈</translation>
    </message>
    <message>
        <source>Table {n}, {when}: what the players did. Chairs in the order they sat down, counter-clockwise: {chairs}.</source>
        <translation>第 {n} 桌，{when}：選手的抽位過程。依入座順序（逆時針）排列的座位：{chairs}。</translation>
    </message>
    <message>
        <source>The &amp;tiles and the throws</source>
        <translation>牌與擲骰(&amp;T)</translation>
    </message>
    <message>
        <source>Only &amp;who took which wind</source>
        <translation>僅記錄誰取得哪個風位(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Save the Winds</source>
        <translation>儲存風位(&amp;S)</translation>
    </message>
    <message>
        <source>Tiles, o&amp;dd end first:</source>
        <translation>牌，從單數端起(&amp;D)：</translation>
    </message>
    <message>
        <source>First th&amp;rower:</source>
        <translation>首位擲骰者(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;First throw:</source>
        <translation>第一次擲骰(&amp;F)：</translation>
    </message>
    <message>
        <source>Seco&amp;nd throw:</source>
        <translation>第二次擲骰(&amp;N)：</translation>
    </message>
    <message>
        <source>Give the four tiles as they lay.</source>
        <translation>請依擺放順序填入四張牌。</translation>
    </message>
    <message>
        <source>Each wind tile lies in the row once.</source>
        <translation>每張風牌在這一排中只能出現一次。</translation>
    </message>
    <message>
        <source>Choose who threw first.</source>
        <translation>請選擇誰先擲骰。</translation>
    </message>
    <message>
        <source>Give both dice of both throws.</source>
        <translation>請填入兩次擲骰各兩顆骰子的點數。</translation>
    </message>
    <message>
        <source>Give each player his wind.</source>
        <translation>請為每位選手指定風位。</translation>
    </message>
    <message>
        <source>Each wind goes to one player.</source>
        <translation>每個風位只能給一位選手。</translation>
    </message>
    <message>
        <source>The winds: {winds}</source>
        <translation>風位：{winds}</translation>
    </message>
    <message>
        <source>The winds follow once the table&apos;s draw is given.</source>
        <translation>填入本桌的抽位過程後，即可得出風位。</translation>
    </message>
</context>
<context>
    <name>TableProgress</name>
    <message>
        <source>entries differ on hand {hands} · {state}</source>
        <translation>第 {hands} 局輸入不一致 · {state}</translation>
    </message>
    <message>
        <source>{state} · hand {n} awaits its second entry</source>
        <translation>{state} · 第 {n} 局待第二次輸入</translation>
    </message>
    <message>
        <source>Hands that kept their deal so far: {kept}, so {deals} deals take {of} hands</source>
        <translation>至今連莊 {kept} 局，故 {deals} 莊共 {of} 局</translation>
    </message>
    <message>
        <source>to type</source>
        <translation>待輸入</translation>
    </message>
    <message>
        <source>typed {n}/{of}</source>
        <translation>已輸入 {n}/{of}</translation>
    </message>
    <message>
        <source>typed: check and tick</source>
        <translation>已輸入：請核對並勾選</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已核驗</translation>
    </message>
    <message>
        <source>playing {n}/{of}</source>
        <translation>對局中 {n}/{of}</translation>
    </message>
    <message>
        <source>stopped on time after {n}</source>
        <translation>時間到，停於 {n} 局</translation>
    </message>
    <message>
        <source>signing {k}/4</source>
        <translation>簽名中 {k}/4</translation>
    </message>
    <message>
        <source>correcting, signing {k}/4</source>
        <translation>更正中，簽名 {k}/4</translation>
    </message>
    <message>
        <source>Table {n} · {state}</source>
        <translation>第 {n} 桌 · {state}</translation>
    </message>
    <message>
        <source>{hands} of {of} hands on the sheet; {k} of 4 signatures</source>
        <translation>記分表已記 {hands}/{of} 局；簽名 {k}/4</translation>
    </message>
    <message>
        <source>{n} with entries that differ</source>
        <translation>{n} 桌輸入不一致</translation>
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
        <translation>無法在連接埠 {port} 開放桌邊輸入（{reason}）：是否有其他程式正在使用該連接埠？</translation>
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
        <translation>展開工具</translation>
    </message>
</context>
<context>
    <name>TotalsPanel</name>
    <message>
        <source>Session total (hands)</source>
        <translation>本場合計（各局）</translation>
    </message>
    <message>
        <source>Raw (with penalties)</source>
        <translation>原始總分（含罰分）</translation>
    </message>
    <message>
        <source>Converted</source>
        <translation>換算分</translation>
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
        <translation>莊家</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
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
        <translation>放銃者</translation>
    </message>
    <message>
        <source>Responsible</source>
        <translation>責任者</translation>
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
        <translation>下一張待輸入的桌</translation>
    </message>
    <message>
        <source>Signed on Paper by All Four</source>
        <translation>四人皆已在紙本簽名</translation>
    </message>
    <message>
        <source>your name</source>
        <translation>您的姓名</translation>
    </message>
    <message>
        <source>Signed on paper by all four (F9)…</source>
        <translation>四人皆已在紙本簽名 (F9)…</translation>
    </message>
    <message>
        <source>Columns E S W N (or 1–4): winner, then discarder · T self-draw · K kong · D draw · I + column: responsible (I0 nobody) · + another winner · digits: value · = the paper&apos;s running totals · the next row&apos;s first key starts the next row · ↑ ↓ back to a row · Enter stores · Esc clears</source>
        <translation>欄位 E S W N（或 1–4）：先和牌者，再放銃者 · T 自摸 · K 槓 · D 流局 · I + 欄位：責任者（I0 表示無）· + 另一和牌者 · 數字：分值 · = 紙本累計分 · 下一列的第一個鍵即開始下一列 · ↑ ↓ 回到某列 · Enter 儲存 · Esc 清除</translation>
    </message>
    <message>
        <source>Typist:</source>
        <translation>輸入員：</translation>
    </message>
    <message>
        <source>Penalties and incidents</source>
        <translation>罰分與事件</translation>
    </message>
    <message>
        <source>A line typed from table {table}&apos;s paper sheet is not entered.</source>
        <translation>根據第 {table} 桌紙本記分表輸入的一行尚未記錄。</translation>
    </message>
    <message>
        <source>Pick a session and a table</source>
        <translation>請選擇場次與桌次</translation>
    </message>
    <message>
        <source>signed on paper and locked</source>
        <translation>已在紙本簽名並鎖定</translation>
    </message>
    <message>
        <source>all hands typed: check the totals, then F9</source>
        <translation>各局皆已輸入：核對總分後按 F9</translation>
    </message>
    <message>
        <source>{n} of {of} hands typed</source>
        <translation>已輸入 {n}/{of} 局</translation>
    </message>
    <message>
        <source>Session {s} · Table {t} · paper sheet · {state}</source>
        <translation>第 {s} 場 · 第 {t} 桌 · 紙本記分表 · {state}</translation>
    </message>
    <message>
        <source>Σ by the rules</source>
        <translation>Σ 依規則</translation>
    </message>
    <message>
        <source>Σ on paper</source>
        <translation>Σ 紙本</translation>
    </message>
    <message>
        <source>Typed</source>
        <translation>已輸入</translation>
    </message>
    <message>
        <source>Cycle {n}</source>
        <translation>第 {n} 圈</translation>
    </message>
    <message>
        <source>Hand {n} is not whole yet: {what}</source>
        <translation>第 {n} 局尚未完整：{what}</translation>
    </message>
    <message>
        <source>Hand {n}: {who} intercepted — under these rules the claim nearest the discarder&apos;s lower seat wins alone, so only that win was recorded.</source>
        <translation>第 {n} 局：{who} 截和 — 依本規則，只有從放銃者下家起最近的和牌者能和牌，因此只記錄了這一家的和牌。</translation>
    </message>
    <message>
        <source>Type your name as the typist first: at a double-entry event a hand counts when two typists typed the same.</source>
        <translation>請先輸入您的姓名作為輸入員：在雙重輸入的比賽中，兩位輸入員輸入相同時該局才算數。</translation>
    </message>
    <message>
        <source>Hand {n}: both typists typed the same; it is on the sheet.</source>
        <translation>第 {n} 局：兩位輸入員輸入相同，已記入記分表。</translation>
    </message>
    <message>
        <source>Hand {n} kept: it counts when a second typist types the same.</source>
        <translation>第 {n} 局已暫存：第二位輸入員輸入相同時才算數。</translation>
    </message>
    <message>
        <source>Hand {n} differs from the other typist&apos;s: both are kept for the head judge.</source>
        <translation>第 {n} 局與另一位輸入員的輸入不同：兩者皆保留，由裁判長裁定。</translation>
    </message>
    <message>
        <source>Locked</source>
        <translation>已鎖定</translation>
    </message>
    <message>
        <source>All typed:</source>
        <translation>全部已輸入：</translation>
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
        <translation>「{key}」在此處無意義（位置 {pos}）</translation>
    </message>
    <message>
        <source>“{key}” cannot take that part of the hand (position {pos})</source>
        <translation>「{key}」不能擔任此局的這個角色（位置 {pos}）</translation>
    </message>
    <message>
        <source>after “=” come the paper&apos;s four running totals</source>
        <translation>「=」之後應為紙本上的四個累計分</translation>
    </message>
    <message>
        <source>after “/” come the four players&apos; hand points</source>
        <translation>「/」之後應為四位選手的手牌分</translation>
    </message>
    <message>
        <source>the winner&apos;s column, or D for a draw</source>
        <translation>和牌者的欄位，或 D 表示流局</translation>
    </message>
    <message>
        <source>the discarder&apos;s column, or T for a self-draw</source>
        <translation>放銃者的欄位，或 T 表示自摸</translation>
    </message>
    <message>
        <source>the value</source>
        <translation>分值</translation>
    </message>
    <message>
        <source>a player cannot win from himself</source>
        <translation>選手不能和自己打出的牌</translation>
    </message>
    <message>
        <source>Hand {n}: {who}</source>
        <translation>第 {n} 局：{who}</translation>
    </message>
    <message>
        <source>Typed differently — the head judge decides (the hand typed again, or entered on the sheet): {lines}</source>
        <translation>輸入不一致 — 由裁判長裁定（重新輸入該局，或直接記入記分表）：{lines}</translation>
    </message>
    <message>
        <source>The paper&apos;s totals part from the rules&apos; at hand {n} (paper / rules: {parts}): check that row and the ones before it.</source>
        <translation>紙本總分自第 {n} 局起與規則計算不符（紙本 / 規則：{parts}）：請檢查該列及之前各列。</translation>
    </message>
    <message>
        <source>The paper&apos;s totals agree with the rules at hand {hands}.</source>
        <translation>第 {hands} 局的紙本總分與規則計算相符。</translation>
    </message>
    <message>
        <source>Type “=” and the paper&apos;s running totals on a row (the last one at least) to check the transcription.</source>
        <translation>在某列（至少最後一列）輸入「=」及紙本累計分，以核對轉錄。</translation>
    </message>
    <message>
        <source>Hands {hands} are not typed yet.</source>
        <translation>第 {hands} 局尚未輸入。</translation>
    </message>
    <message>
        <source>Type your name as the typist first (the record keeps who transcribed the sheet).</source>
        <translation>請先輸入您的姓名作為輸入員（紀錄會保存轉錄者）。</translation>
    </message>
    <message>
        <source>The paper&apos;s totals differ at hand {n}: the sheet cannot be ticked as signed until they agree.</source>
        <translation>紙本總分在第 {n} 局不符：相符之前，無法將記分表標記為已簽名。</translation>
    </message>
    <message>
        <source>The sheet locks as if the four players had signed it here; only the head judge&apos;s correction opens it again.</source>
        <translation>記分表將如同四位選手在此簽名般鎖定；只有裁判長的更正才能再次開啟。</translation>
    </message>
    <message>
        <source>No running total from the paper was typed as a check.</source>
        <translation>未輸入任何紙本累計分作為核對。</translation>
    </message>
    <message>
        <source>Signed on Paper</source>
        <translation>紙本已簽名</translation>
    </message>
    <message>
        <source>Table {t} of session {s}: the paper sheet is signed by all four players, and {who} transcribed it?</source>
        <translation>第 {s} 場第 {t} 桌：紙本記分表已由四位選手簽名，並由 {who} 轉錄？</translation>
    </message>
    <message>
        <source>Lock as Signed</source>
        <translation>鎖定為已簽名</translation>
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
        <translation>目前沒有開啟的比賽。一場比賽就是一個檔案：每項操作完成時即存入檔案，並隨時備份。</translation>
    </message>
    <message>
        <source>&amp;New Tournament…</source>
        <translation>新增比賽(&amp;N)…</translation>
    </message>
    <message>
        <source>Name the event, choose its rules and format, and name its head judge.</source>
        <translation>為比賽命名，選擇規則與賽制，並指定裁判長。</translation>
    </message>
    <message>
        <source>&amp;Open a Tournament File…</source>
        <translation>開啟比賽檔案(&amp;O)…</translation>
    </message>
    <message>
        <source>A .tmt file from this computer, a USB stick or an e-mail.</source>
        <translation>來自本機、USB 隨身碟或電子郵件的 .tmt 檔案。</translation>
    </message>
    <message>
        <source>Open on a &amp;Server…</source>
        <translation>在伺服器上開啟(&amp;S)…</translation>
    </message>
    <message>
        <source>An event kept on the PostgreSQL server of a big event and shared by its stations: give its address, this station&apos;s name and its role.</source>
        <translation>保存在大型比賽的 PostgreSQL 伺服器上、由各工作站共用的比賽：填寫其位址、本工作站的名稱和角色。</translation>
    </message>
    <message>
        <source>Open the &amp;Demo Event</source>
        <translation>開啟示範比賽(&amp;D)</translation>
    </message>
    <message>
        <source>A whole event already played (36 players, four sessions, then the cuts to the final table), to look around in first. It is a file of its own; your tournaments are not touched.</source>
        <translation>一場已全部賽完的比賽（36 位選手、四場，之後晉級淘汰至決賽桌），可先看看。它是獨立的檔案，不會影響您的比賽。</translation>
    </message>
    <message>
        <source>Recent tournaments</source>
        <translation>最近的比賽</translation>
    </message>
    <message>
        <source>Double-click a file, or select it and press Enter, to open it.</source>
        <translation>按兩下檔案，或選取後按 Enter 即可開啟。</translation>
    </message>
    <message>
        <source>None yet: the files you open will be listed here.</source>
        <translation>尚無：您開啟過的檔案會列在這裡。</translation>
    </message>
</context>
<context>
    <name>WindDraw</name>
    <message>
        <source>East</source>
        <translation>東風</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南風</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西風</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北風</translation>
    </message>
    <message>
        <source>odd</source>
        <translation>單數</translation>
    </message>
    <message>
        <source>even</source>
        <translation>雙數</translation>
    </message>
    <message>
        <source>Arrival, counter-clockwise: {order}</source>
        <translation>入座順序（逆時針）：{order}</translation>
    </message>
    <message>
        <source>Wind tiles face down, odd end first: ▮ ▮ ▮ ▮ → {row}</source>
        <translation>風牌背面朝上，從單數端起：▮ ▮ ▮ ▮ → {row}</translation>
    </message>
    <message>
        <source>{thrower} throws {dice}: {next} throws again</source>
        <translation>{thrower} 擲出 {dice}：由 {next} 再擲</translation>
    </message>
    <message>
        <source>{thrower} throws {dice}: {taker} takes first, from the {end} end</source>
        <translation>{thrower} 擲出 {dice}：{taker} 先取，從{end}端開始</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>Cut after round {round}</source>
        <translation>第 {round} 輪後被淘汰</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>參賽中</translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation>已退賽</translation>
    </message>
    <message>
        <source>provisional plan: not drawn yet</source>
        <translation>暫定安排：尚未分桌</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>已規劃</translation>
    </message>
    <message>
        <source>published</source>
        <translation>已公布</translation>
    </message>
    <message>
        <source>running</source>
        <translation>進行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已結束</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>對局中</translation>
    </message>
    <message>
        <source>stopped on time</source>
        <translation>時間到停止</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>signing</source>
        <translation>簽名中</translation>
    </message>
    <message>
        <source>locked</source>
        <translation>已鎖定</translation>
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
