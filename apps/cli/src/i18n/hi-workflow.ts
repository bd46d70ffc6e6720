/** hi: the `warden workflow` command and the workflow error codes (@warden/workflows). */
import type { CatalogEntry } from './catalog-types.js';
import type { enWorkflow } from './en-workflow.js';

export const hiWorkflow: Record<keyof typeof enWorkflow, CatalogEntry> = {
  "command.workflow.summary": "वर्कफ़्लो फ़ाइल जाँचें, चलाएँ या फिर से शुरू करें: टूल और एजेंटों के तय क्रम वाले चरण, चेकपॉइंट के साथ ताकि रन अपनी प्रक्रिया के बाद भी बचा रहे।",
  "command.workflow.usage": "warden workflow फ़ाइल [--check] [--input नाम=मान]… [--tools मॉड्यूल]   या   warden workflow resume रन_ID",
  "workflow.checked": "✔ {name} एक मान्य वर्कफ़्लो है।",
  "workflow.invalid": { one: "{file} में {count} समस्या है:", other: "{file} में {count} समस्याएँ हैं:" },
  "workflow.failed": "वर्कफ़्लो रन {run} चरण {step} पर विफल हुआ: {message}",
  "workflow.stopped": "वर्कफ़्लो रन {run} चरण {step} से पहले रुका; इसे फिर शुरू करें: warden workflow resume {run}",
  "workflow.runId": "रन: {run}",
  "workflow.replayed": "(चेकपॉइंट से)",
  "option.check": "फ़ाइल (और --tools के साथ उसके टूल) जाँचें और बिना चलाए उसकी रूपरेखा छापें।",
  "option.input": "वर्कफ़्लो का एक इनपुट, नाम=मान (मान JSON हो तो JSON माना जाता है); हर इनपुट के लिए दोहराएँ।",
  "option.tools": "एक मॉड्यूल जिसके निर्यात किए गए Warden टूल वर्कफ़्लो बुला सकता है (पथ या पैकेज का नाम)।",
  "codeHint.workflow": "हर समस्या उसकी पंक्ति और कॉलम के साथ देखने के लिए \"warden workflow फ़ाइल --check\" चलाएँ",
  "code.workflow.invalid": "वर्कफ़्लो फ़ाइल मान्य नहीं है (हर समस्या उसकी पंक्ति और कॉलम के साथ दी गई है)",
  "code.workflow.unknown_tool": "एक चरण ऐसे टूल का नाम लेता है जो किसी ने नहीं दिया; उसे --tools से दें",
  "code.workflow.unknown_agent": "एक चरण ऐसे एजेंट का नाम लेता है जिसे फ़ाइल घोषित नहीं करती",
  "code.workflow.invalid_input": "कोई इनपुट गायब है, अज्ञात है या गलत प्रकार का है",
  "code.workflow.step_failed": "वर्कफ़्लो का एक चरण दोबारा कोशिशों के बाद भी विफल रहा",
  "code.workflow.refused": "नीति या किसी हुक ने वर्कफ़्लो का एक चरण अस्वीकार किया",
  "code.workflow.max_steps": "वर्कफ़्लो ने max_steps से अधिक चरण लिए",
  "code.workflow.budget": "वर्कफ़्लो के एजेंटों ने फ़ाइल में तय बजट खर्च कर दिया",
  "code.workflow.timeout": "वर्कफ़्लो का एक चरण अपनी समय-सीमा से आगे चला",
  "code.workflow.interrupted_tool": "प्रक्रिया बंद होते समय एक टूल चरण चल रहा था और वह केवल-पढ़ने वाला नहीं है, इसलिए उसे दोबारा नहीं चलाया जाता",
  "code.workflow.taken_over": "कोई दूसरी प्रक्रिया यह वर्कफ़्लो रन चला रही है",
  "code.workflow.not_found": "सत्र भंडार में उस id वाला कोई वर्कफ़्लो रन नहीं है",
};
