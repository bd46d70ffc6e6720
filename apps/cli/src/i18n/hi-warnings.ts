/** हिन्दी: कोर के चेतावनी कोड (issue 47)। */
export const hiWarnings = {
  'warning.core.session_unavailable': 'रन शुरू होते समय सेशन स्टोर विफल हुआ; यह रन सहेजा नहीं जाता',
  'warning.core.session_write_failed': 'सेशन स्टोर में लिखना विफल हुआ; इस रन के आगे के चरण सहेजे नहीं जाते',
  'warning.core.session_repaired': 'सेशन लोड करते समय सेशन स्टोर ने कुछ ठीक किया',
  'warning.core.interrupted_calls': 'फिर से शुरू किए गए सेशन में बिना परिणाम वाले टूल कॉल थे; उन्हें बाधित मानकर बंद किया गया',
  'warning.core.approval_call_missing': 'एक लंबित स्वीकृति ऐसी कॉल का नाम लेती है जो सेशन में नहीं है',
  'warning.core.hook_failed': 'एक hook विफल हुआ: कॉल रोकी गई या उसका आउटपुट रोका गया',
  'warning.core.compaction_failed': 'इतिहास को संक्षिप्त नहीं किया जा सका; रन उसके बिना चलता है',
  'warning.core.wrap_up_tool_calls_dropped': 'मॉडल ने अपने अंतिम, बिना टूल वाले चरण में टूल माँगे; कॉल छोड़ दी गईं',
  'warning.core.subagent_tools_narrowed': 'एक सब-एजेंट को वे टूल नहीं मिले जो उसके पैरेंट के पास नहीं हैं',
  'warning.core.handoff_tools_narrowed': 'प्राप्त करने वाले एजेंट को वे टूल नहीं मिले जो सौंपने वाले एजेंट के पास नहीं हैं',
  'warning.core.handoff_agent_missing': 'इस बातचीत को रखने वाला एजेंट यहाँ घोषित नहीं है; पहला एजेंट उत्तर देता है',
  'warning.core.handoff_other_user': 'सहेजा गया हैंडऑफ़ किसी और उपयोगकर्ता के लिए दिया गया था; पहला एजेंट उत्तर देता है',
  'warning.core.handoff_agent_unavailable': 'इस बातचीत को रखने वाला एजेंट शुरू नहीं हो सका; पहला एजेंट उत्तर देता है',
  'warning.core.handoff_filter_failed': 'हैंडऑफ़ इतिहास फ़िल्टर विफल हुआ; प्राप्त करने वाले एजेंट को बातचीत जैसी थी वैसी मिली',
} as const;
