import type { enFrictions } from './en-frictions.js';

/** नए उपयोगकर्ता की अड़चनों (issue #47) के संदेश: सत्र, stdin, केवल-पढ़ने वाले वर्कस्पेस, अनुमोदन। */
export const hiFrictions: Record<keyof typeof enFrictions, string> = {
  'option.newSession': '--session ID के साथ: जब स्टोर में उस id का कोई सत्र न हो, तो उसी id से नया सत्र शुरू करें (इसके बिना अज्ञात id एक त्रुटि है)।',
  'error.unknownSession': '{store} में "{id}" नाम का कोई सत्र नहीं है',
  'hint.unknownSession': 'warden sessions सहेजे गए सत्र दिखाता है; {id} नाम से नया सत्र शुरू करने के लिए --new-session जोड़ें',
  'error.resumeNotASession': '--resume सबसे नया सत्र जारी रखता है, और "{value}" कोई सहेजा गया सत्र नहीं है',
  'hint.resumeNotASession': 'id से सत्र फिर शुरू करने के लिए warden --session ID चलाएँ (warden sessions उन्हें दिखाता है); सबसे नए सत्र को एक शब्द का कार्य देने के लिए --resume --prompt {value} चलाएँ',
  'error.storeNotWritable': 'सत्र स्टोर {store} में लिखा नहीं जा सकता, इसलिए कुछ नहीं चला',
  'hint.storeNotWritable': 'सत्र कहीं और रखने के लिए --sessions DIR दें (या warden.config.json में "sessions")',
  'error.auditNotWritable': 'ऑडिट ट्रेल {file} में लिखा नहीं जा सकता, इसलिए कुछ नहीं चला',
  'hint.auditNotWritable': 'ऑडिट ट्रेल कहीं और रखने के लिए warden.config.json में "audit": { "file": "…" } दें, और सत्रों के लिए --sessions DIR',
  'approve.again': "\"{typed}\" कोई विकल्प नहीं है: y, n (या हमेशा के लिए a, जब दिया गया हो) लिखें — या कुछ शब्दों में बताएँ कि क्यों नहीं",
  'approve.newFile': "एक नई फ़ाइल:",
  'approve.moreLines': "… {count} और पंक्तियाँ",
  'doctor.listening': "{url} पर सुनता हुआ सर्वर",
  'doctor.notListening': "कोई नहीं सुन रहा: {why}",
  'doctor.fix.ollama': "`ollama serve` शुरू करें (यह {url} पर सुनता है), या --base-url को चल रहे सर्वर की ओर करें",
  'doctor.fix.localServer': "वह मॉडल सर्वर शुरू करें जिसे {url} पर जवाब देना है, या --base-url को चल रहे सर्वर की ओर करें",
  'providers.fromConfig': "warden.config.json: मॉडल {model}, बेस URL {url}",
  'report.unpriced': "बिना कीमत",
  'error.notADuration': "{flag} एक अवधि लेता है, जैसे {examples}",
  'error.notADirectory': "{flag} {dir} कोई फ़ोल्डर नहीं है",
  'error.noSessionToResume': "{store} में फिर शुरू करने के लिए कोई सत्र नहीं है",
  'cliHint.session.not_found': "warden sessions वे सत्र दिखाता है जिन्हें आप देख सकते हैं (--sessions और --workdir जाँचें)",
  'error.packHasNoProbes': "पैक {pack} में केस ({count}) हैं, प्रोब नहीं, इसलिए warden probe run के पास चलाने को कुछ नहीं है",
  'hint.packHasNoProbes': "इसके केस warden check pack:{pack} से चलाएँ (warden evidence list pack:{pack} उन्हें दिखाता है)",
};
