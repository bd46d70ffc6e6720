/** Hindi: `warden run --attach` and the attachment error codes (@warden/harness). */
export const hiAttachments = {
  "option.attach": "कार्य के साथ भेजी जाने वाली फ़ाइल (कई बार दी जा सकती है): टेक्स्ट, Markdown, CSV, JSON, HTML, PDF, DOCX टेक्स्ट के रूप में; PNG/JPEG/GIF/WebP देखने वाले मॉडल के लिए छवियों के रूप में। इसकी सामग्री अविश्वसनीय है (रन चिह्नित होता है)।",
  "option.attachForce": "--attach से दिए गए संरक्षित पाथ (.env, .env.*, .git, .warden) फिर भी संलग्न करता है।",
  "code.attachment.not_found": "संलग्न फ़ाइल मौजूद नहीं है या सामान्य फ़ाइल नहीं है",
  "code.attachment.protected": "संलग्न फ़ाइल एक संरक्षित पाथ है (.env, .env.*, .git, .warden); फिर भी भेजने के लिए --attach-force जोड़ें",
  "code.attachment.too_large": "संलग्न फ़ाइल आकार सीमा (20 MB) से बड़ी है",
  "code.attachment.too_many_pages": "संलग्न PDF में सीमा (100) से अधिक पृष्ठ हैं",
  "code.attachment.unsupported_type": "संलग्न फ़ाइल टेक्स्ट, HTML, PDF, DOCX या PNG/JPEG/GIF/WebP छवि नहीं है",
  "code.attachment.parser_missing": "इस दस्तावेज़ को पढ़ने के लिए एक वैकल्पिक पैकेज चाहिए जो इंस्टॉल नहीं है (PDF के लिए npm install unpdf, DOCX के लिए npm install mammoth)",
  "code.attachment.unreadable": "संलग्न दस्तावेज़ पार्स नहीं हो सका (खराब या एन्क्रिप्टेड)",
  "code.attachment.image_unsupported": "एक छवि संलग्न की गई पर मॉडल छवियाँ नहीं देख सकता; विज़न वाला मॉडल चुनें",
  "option.allowHost": "warden knowledge add URL: एक होस्ट जिस तक फ़ेच पहुँच सकता है भले ही वह लूपबैक या निजी हो (डिफ़ॉल्ट रूप से अस्वीकृत), जैसे 127.0.0.1:8080; कई बार दिया जा सकता है।",
} as const;
