/** हिन्दी: सर्व करने वाले हर कमांड के साझा विकल्पों के अपने शब्द (issue 47)। */
export const hiServeOptions = {
  'option.mcp.maxConcurrent': 'एक साथ कितने एजेंट रन (डिफ़ॉल्ट 2; एक और अस्वीकार होता है)।',
  'option.mcp.maxBody': '--http के साथ: रिक्वेस्ट बॉडी का अधिकतम आकार, बाइट में (डिफ़ॉल्ट 65536; इससे बड़ी को HTTP 413 मिलता है)।',
  'option.mcp.http': 'इस पोर्ट पर streamable HTTP (stateless) सुनें (0 एक खाली पोर्ट चुनता है, जो शुरू में छपता है)।',
  'option.mcp.key': '--http के साथ: वह bearer कुंजी जिसे हर एजेंट स्वीकार करता है (डिफ़ॉल्ट: WARDEN_MCP_KEY; WARDEN_MCP_KEY_<AGENT> केवल एक एजेंट तक पहुँचती है; कम से कम 16 अक्षर)।',
  'option.mcp.agent': 'सर्व करने वाला एजेंट: "warden" (कॉन्फ़िगर किया गया harness, डिफ़ॉल्ट) या warden.config.json की subagents प्रविष्टि; कई के लिए दोहराएँ।',
  'option.a2a.maxConcurrent': 'एक साथ कितने टास्क (डिफ़ॉल्ट 2; एक और अस्वीकार होता है)।',
  'option.a2a.maxBody': 'रिक्वेस्ट बॉडी का अधिकतम आकार, बाइट में (डिफ़ॉल्ट 65536; इससे बड़ी को HTTP 413 मिलता है)।',
  'option.a2a.http': 'इस पोर्ट पर A2A (JSON-RPC, SSE स्ट्रीमिंग) सुनें।',
  'option.a2a.key': 'वह bearer कुंजी जिसे हर एजेंट स्वीकार करता है (डिफ़ॉल्ट: WARDEN_A2A_KEY; WARDEN_A2A_KEY_<AGENT> केवल एक एजेंट तक पहुँचती है; कम से कम 16 अक्षर)।',
  'option.a2a.agent': 'सर्व करने वाला एजेंट: "warden" (कॉन्फ़िगर किया गया harness, डिफ़ॉल्ट) या warden.config.json की subagents प्रविष्टि; कई के लिए दोहराएँ।',
} as const;
