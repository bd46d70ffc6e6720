import type { enNotes } from './en-notes.js';

/** रन क्यों दूषित हुआ और हैंडऑफ़ क्यों अस्वीकार हुआ, लाइब्रेरियों की स्थिर id के अनुसार। */
export const hiNotes: Record<keyof typeof enNotes, string> = {
  'taint.open_world_tool': '{tool} खुली दुनिया की सामग्री लौटाता है',
  'taint.outside_tool': '{tool} वर्कस्पेस के बाहर की सामग्री लौटाता है',
  'taint.repository_content': '{tool} ने रिपॉज़िटरी की सामग्री (नाम, आउटपुट या skills) लौटाई जो उपयोगकर्ता ने नहीं लिखी',
  'taint.unwritten_file': '{tool} ने {path} पढ़ा, जिसे इस रन ने नहीं लिखा',
  'taint.unwritten_files': '{tool} ने ऐसी फ़ाइलें पढ़ीं जिन्हें इस रन ने नहीं लिखा',
  'taint.injection.ignore_instructions': '{tool} का आउटपुट पिछले निर्देशों को अनदेखा करने को कहता है',
  'taint.injection.new_instructions': '{tool} का आउटपुट नए निर्देश देने का दावा करता है',
  'taint.injection.addresses_model': '{tool} का आउटपुट सीधे मॉडल को संबोधित करता है',
  'taint.injection.role_change': '{tool} का आउटपुट मॉडल की भूमिका बदलने की कोशिश करता है',
  'taint.injection.reveal_secrets': '{tool} का आउटपुट रहस्य उजागर करने को कहता है',
  'taint.injection.contact_address': '{tool} का आउटपुट किसी पते से संपर्क करने को कहता है',
  'taint.injection.hide_actions': '{tool} का आउटपुट उपयोगकर्ता से कार्रवाइयाँ छिपाने को कहता है',
  'taint.injection.template_markers': '{tool} के आउटपुट में चैट-टेम्पलेट चिह्न हैं',
  'taint.session_history': 'सहेजी गई बातचीत में इस रन से पहले पढ़ा गया टूल आउटपुट है',
  'taint.memory_file': 'प्रोजेक्ट मेमोरी फ़ाइल {file} रिपॉज़िटरी की सामग्री है जो सिस्टम प्रॉम्प्ट में पढ़ी गई',
  'taint.skills_list': 'skills के नाम और विवरण रिपॉज़िटरी की सामग्री हैं जो सिस्टम प्रॉम्प्ट में पढ़ी गई',
  'taint.mcp_descriptions': 'अविश्वसनीय MCP सर्वर {server} के टूल विवरण मॉडल के संदर्भ में हैं',
  'taint.untrusted_task': 'कार्य का पाठ उपयोगकर्ता के बाहर से आया (प्रोब सामग्री, कोई इश्यू, कोई संदेश)',
  'taint.memory_recall': 'recall ने अविश्वसनीय सामग्री के बाद याद किए गए तथ्य लौटाए',
  'handoffRefusal.run.max_handoffs': 'यह रन {limit} हैंडऑफ़ की अपनी सीमा तक पहुँच गया है',
  'handoffRefusal.run.handoff_refused': 'इस चरण में {to} को एक हैंडऑफ़ पहले ही दिया जा चुका है',
  'handoffRefusal.handoff.wrong_agent': 'हैंडऑफ़ {to} को संबोधित है, यह {agent} है',
  'handoffRefusal.protocol.too_large': 'हैंडऑफ़ रिकॉर्ड प्रोटोकॉल की अनुमति से बड़ा है',
  'handoffRefusal.protocol.invalid_value': 'हैंडऑफ़ रिकॉर्ड मान्य JSON नहीं है या स्कीमा से मेल नहीं खाता',
};
