/** हिन्दी: `warden governance incidents|notice|inventory|dpia|verify` और ख़तरों व घटनाओं के कोड (@warden/governance)। */
export const hiGovernance = {
  'governance.notice.text':
    'AI सूचना: आप एक कृत्रिम बुद्धिमत्ता (AI) प्रणाली से बातचीत कर रहे हैं (EU AI Act अनुच्छेद 50)। उत्तर और कार्य Warden के ज़रिए चलने वाले AI मॉडल से आते हैं; वे ग़लत हो सकते हैं और किसी व्यक्ति के शब्द नहीं हैं। प्रणाली जो करती है वह एक घोषित नीति के अधीन है और एक हस्ताक्षरित ऑडिट ट्रेल में दर्ज होता है, और कुछ कार्यों के लिए किसी व्यक्ति की स्वीकृति चाहिए। किसी निर्णय की व्यक्ति द्वारा समीक्षा, या अपने डेटा तक पहुँच, उसके निर्यात या मिटाने के लिए इस सेवा के संचालक से कहें।',
  'governance.incidents.none': '{trail} में कोई खुली घटना नहीं है।',
  'governance.incidents.row': '{id}  {cause}  पता चला {detected}  रन {run}',
  'governance.incidents.fromClassification': '(वर्गीकरण से)',
  'governance.incidents.if': 'यदि {condition}',
  'governance.incidents.notice': 'यह क़ानूनी सलाह नहीं है: हर समय-सीमा उद्धृत पाठ के अनुसार गिनी गई है; वह लागू होती है या नहीं, यह उन तथ्यों पर निर्भर है जो केवल आप तय कर सकते हैं (→ अगली को दिखाता है)।',
  'governance.verify.ok': '✔ {file}: प्रोवेनेंस मैनिफ़ेस्ट इस सार्वजनिक कुंजी से सत्यापित होता है',
  'governance.verify.failed': '✖ {file}: प्रोवेनेंस मैनिफ़ेस्ट सत्यापित नहीं होता: {problem}',
  'option.governance.result': 'verify के साथ: वह फ़ाइल जिसमें परिणाम का पाठ है जिसे मैनिफ़ेस्ट में होना चाहिए (उसका SHA-256 मिलाया जाता है)।',
  'code.policy.tool_storm': 'एक टूल-तूफ़ान रोका गया: कुछ ही चरणों में बहुत अधिक टूल कॉल',
  'code.policy.tool_loop': 'एक लूप रोका गया: एक ही टूल कॉल बहुत बार दोहराई गई',
  'code.policy.runaway_delegation': 'अनियंत्रित प्रत्यायोजन रोका गया: एजेंटों ने एजेंटों को बहुत बार काम सौंपा',
  'code.policy.tool_breaker_open': 'इस रन में टूल लगातार कई बार विफल हुआ, इसलिए उसका ब्रेकर खुला है',
  'code.policy.incident_invalid': 'घटना खोली नहीं जा सकी: उसका कारण, कुंजी या समय अमान्य है',
} as const;
