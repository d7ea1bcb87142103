/**
 * RefGames' style sheet and the two small page scripts, served from its own origin (no external
 * assets; the pages allow scripts and styles from 'self' only). The scripts read the page's data
 * from a JSON element and write every text with textContent.
 */

export const STYLE = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0d2b2a;color:#f4efe1;display:flex;flex-direction:column}
header{display:flex;align-items:center;gap:10px;padding:10px 14px;background:#081d1c;position:sticky;top:0;z-index:1}
.brand{margin-left:auto;font-weight:800;letter-spacing:.04em;color:#f6b73c}
.back{color:#f4efe1;text-decoration:none;font-size:14px;padding:6px 10px;border:1px solid #2f5553;border-radius:16px}
main{width:100%;max-width:480px;margin:0 auto;padding:12px 14px 24px;flex:1}
h1{font-size:22px;margin:8px 0 12px}
h2{font-size:16px;margin:18px 0 8px}
.label{font-size:12px;color:#b9c7c3;text-transform:uppercase;letter-spacing:.04em}
.big{font-size:20px;font-weight:700}
.bar{display:flex;justify-content:space-between;gap:12px;background:#123a38;border-radius:12px;padding:10px 12px}
.fun{background:#3b2f0b;color:#f6d58a;border-radius:10px;padding:8px 10px;font-size:14px}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;background:#5a3a1a;border:4px solid #f6b73c;border-radius:14px;padding:8px;margin:12px 0}
.cell{aspect-ratio:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;background:#fdf3dc;color:#222;border-radius:10px;transition:transform .15s}
.cell .g{font-size:40px;line-height:1}
.cell .n{font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#5a3a1a}
.cell.lit{background:#ffe27a;box-shadow:0 0 0 3px #ff7a1a inset}
.spinning .cell{transform:scale(.92);opacity:.7}
.message{min-height:1.5em;margin:6px 0;font-weight:600}
.message.good{color:#8be28b}
.message.bad{color:#ff9c8a}
.stake-row{display:flex;align-items:center;justify-content:space-between;gap:10px;margin:8px 0}
.stake-row>div{text-align:center}
button{font:inherit;border:0;border-radius:12px;cursor:pointer}
button:disabled{opacity:.5;cursor:default}
.round{width:52px;height:52px;font-size:26px;background:#2f5553;color:#fff}
.primary{display:block;width:100%;padding:14px;font-size:18px;font-weight:800;background:#f6b73c;color:#2a1a00}
table{width:100%;border-collapse:collapse;font-size:15px}
td{padding:4px 6px;border-bottom:1px solid #234a48}
td:last-child{text-align:right;font-weight:700}
.note{font-size:13px;color:#b9c7c3}
.tabs{display:flex;gap:8px;margin:12px 0}
.tabs button{flex:1;padding:10px;background:#123a38;color:#f4efe1}
.tabs button[aria-pressed="true"]{background:#f6b73c;color:#2a1a00;font-weight:700}
.draw{background:#123a38;border-radius:12px;padding:10px 12px}
fieldset{border:0;margin:12px 0 0;padding:0}
legend{font-size:12px;color:#b9c7c3;text-transform:uppercase;letter-spacing:.04em;margin-bottom:6px}
.opts{display:grid;grid-template-columns:1fr 1fr;gap:6px}
.opt,.chip{display:flex;align-items:center;justify-content:space-between;gap:6px;padding:10px;border-radius:10px;background:#123a38;font-size:14px;cursor:pointer}
.opt input,.chip input{position:absolute;opacity:0;pointer-events:none}
.opt:has(input:checked),.chip:has(input:checked){background:#f6b73c;color:#2a1a00}
.chips{display:grid;grid-template-columns:repeat(3,1fr);gap:6px}
.chip{justify-content:center;font-weight:700}
#pickRow{margin-top:10px}
#pick{width:100%;font:inherit;font-size:22px;letter-spacing:.3em;text-align:center;padding:10px;border-radius:10px;border:2px solid #2f5553;background:#fdf3dc;color:#222}
form .primary{margin-top:12px}
ul,ol{list-style:none;margin:0;padding:0}
li{display:flex;justify-content:space-between;gap:8px;padding:8px 0;border-bottom:1px solid #234a48;font-size:14px}
li .digits{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:18px;letter-spacing:.2em;color:#f6b73c}
li .won{color:#8be28b;font-weight:700}
.card{background:#123a38;border-radius:14px;padding:20px;margin-top:20px}
.card .primary{text-align:center;text-decoration:none;margin-top:16px}
footer{font-size:12px;color:#7f9995;padding:14px;text-align:center}
`;

const MONEY = `function money(m){var neg=m<0;if(neg)m=-m;var cents=m%100;var units=(m-cents)/100;return (neg?'-':'')+units.toLocaleString('en-US')+'.'+(cents<10?'0':'')+cents}`;

export const SLOT_SCRIPT = `'use strict';
(function(){
var boot=JSON.parse(document.getElementById('boot').textContent);
var t=boot.text;
function $(id){return document.getElementById(id)}
${MONEY}
var stakeIndex=Math.max(boot.stakes.indexOf(boot.stake),0);
var busy=false;
function showBalance(b){if(typeof b==='number')$('balance').textContent=boot.currency+' '+money(b)}
function showStake(){$('stake').textContent=money(boot.stakes[stakeIndex]);$('less').disabled=busy||stakeIndex===0;$('more').disabled=busy||stakeIndex===boot.stakes.length-1;$('spin').disabled=busy}
function showWindow(w,wins){var lit={};(wins||[]).forEach(function(x){boot.lines[x.line].forEach(function(row,reel){lit[reel+'-'+row]=true})});
for(var reel=0;reel<3;reel++)for(var row=0;row<3;row++){var c=$('c'+reel+row),sym=w[reel][row];c.firstChild.textContent=boot.glyphs[sym];c.lastChild.textContent=boot.names[sym];c.classList.toggle('lit',!!lit[reel+'-'+row])}}
function say(text,kind){var m=$('message');m.textContent=text||'';m.className='message'+(kind?' '+kind:'')}
$('less').addEventListener('click',function(){if(stakeIndex>0)stakeIndex--;showStake()});
$('more').addEventListener('click',function(){if(stakeIndex<boot.stakes.length-1)stakeIndex++;showStake()});
$('spin').addEventListener('click',function(){
if(busy)return;busy=true;showStake();say('');$('reels').classList.add('spinning');
fetch(boot.api+'/spin',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({stake:boot.stakes[stakeIndex]})})
.then(function(r){return r.json()})
.then(function(a){if(a.window)showWindow(a.window,a.wins);showBalance(a.balance);
if(a.result==='ok'||a.result==='win-pending')$('win').textContent=money(a.win);
if(a.result==='ok')say(a.win>0?t.win+' '+money(a.win):'',a.win>0?'good':'');else say(a.message||t.offline,a.result==='win-pending'?'good':'bad')})
.catch(function(){say(t.offline,'bad')})
.then(function(){busy=false;$('reels').classList.remove('spinning');showStake()})});
showBalance(boot.balance);showStake();
fetch(boot.api+'/state?refresh=1').then(function(r){return r.json()}).then(function(s){showBalance(s.balance)}).catch(function(){});
})();
`;

export const LOTTERY_SCRIPT = `'use strict';
(function(){
var boot=JSON.parse(document.getElementById('boot').textContent);
var t=boot.text;
function $(id){return document.getElementById(id)}
${MONEY}
var current=boot.lottery,state=null,offset=0,busy=false,refreshedFor=null;
function checked(name){var el=document.querySelector('input[name="'+name+'"]:checked');return el?el.value:''}
function showBalance(b){if(typeof b==='number')$('balance').textContent=boot.currency+' '+money(b)}
function say(text,kind){var m=$('message');m.textContent=text||'';m.className='message'+(kind?' '+kind:'')}
function item(parts){var li=document.createElement('li');parts.forEach(function(p){var s=document.createElement('span');s.textContent=p[0];if(p[1])s.className=p[1];li.appendChild(s)});return li}
function lottery(){return state&&state.lotteries.filter(function(l){return l.code===current})[0]}
function render(){
Array.prototype.forEach.call(document.querySelectorAll('[data-lottery]'),function(b){b.setAttribute('aria-pressed',String(b.getAttribute('data-lottery')===current))});
$('every').textContent=t.every[current];
var lot=lottery();if(!lot)return;
$('saleDraw').textContent=lot.saleDraw.id;
var ol=$('results');ol.textContent='';
if(!lot.results.length)ol.appendChild(item([[t.noResults]]));
lot.results.forEach(function(r){ol.appendChild(item([[r.number],[r.status==='void'?t.drawVoid:r.result,r.status==='void'?'':'digits']]))});
var ul=$('tickets');ul.textContent='';
if(!state.tickets.length)ul.appendChild(item([[t.noTickets]]));
state.tickets.forEach(function(k){ul.appendChild(item([[k.drawId],[t.betNames[k.bet]+(k.pick?' '+k.pick:'')+' · '+money(k.stake)],[t.states[k.state]+(k.state==='won'?' '+money(k.win):''),k.state==='won'?'won':'']]))});
tick()}
function tick(){var lot=lottery();if(!lot)return;var ms=Date.parse(lot.nextDrawAt)-(Date.now()+offset);
if(ms<=0){$('countdown').textContent='00:00';if(ms<-1500&&refreshedFor!==lot.nextDrawAt){refreshedFor=lot.nextDrawAt;refresh(false)}return}
var s=Math.ceil(ms/1000);var mm=Math.floor(s/60),ss=s%60;$('countdown').textContent=(mm<10?'0':'')+mm+':'+(ss<10?'0':'')+ss}
function refresh(withBalance){return fetch(boot.api+'/state'+(withBalance?'?refresh=1':'')).then(function(r){return r.json()}).then(function(s){state=s;offset=Date.parse(s.now)-Date.now();showBalance(s.balance);render()}).catch(function(){})}
function showPick(){var n=boot.pickDigits[checked('bet')]||0;$('pickRow').hidden=n===0;$('pick').maxLength=n||1;$('pick').placeholder=n?new Array(n+1).join('0'):''}
Array.prototype.forEach.call(document.querySelectorAll('[data-lottery]'),function(b){b.addEventListener('click',function(){current=b.getAttribute('data-lottery');say('');render()})});
Array.prototype.forEach.call(document.querySelectorAll('input[name="bet"]'),function(r){r.addEventListener('change',showPick)});
$('ticket').addEventListener('submit',function(e){e.preventDefault();if(busy)return;
var bet=checked('bet'),n=boot.pickDigits[bet]||0,pick=n?$('pick').value.trim():'';
if(n&&!new RegExp('^[0-9]{'+n+'}$').test(pick)){say(t.pickHint+' ('+n+')','bad');return}
busy=true;$('buy').disabled=true;say('');
fetch(boot.api+'/tickets',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({lottery:current,bet:bet,pick:pick,stake:Number(checked('stake'))})})
.then(function(r){return r.json()}).then(function(a){showBalance(a.balance);say(a.message||(a.result==='ok'?t.bought:t.offline),a.result==='ok'?'good':'bad');return refresh(false)})
.catch(function(){say(t.offline,'bad')}).then(function(){busy=false;$('buy').disabled=false})});
showPick();showBalance(boot.balance);render();refresh(true);
setInterval(tick,500);setInterval(function(){refresh(false)},5000);
})();
`;
