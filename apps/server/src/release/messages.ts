import type { Lang } from '@ex/i18n';

/**
 * Messages of the release domain, kept beside it (not in the shared server catalogue, which another
 * engineer edits): `en` is the source, every language is typed against it.
 */
const en = {
  required: 'This field is required',
  bundle_not_zip: 'The bundle must be a zip archive containing index.html',
  bundle_too_large: 'The bundle is larger than {max} MB',
  version_invalid: 'The version must look like 1.2.3',
  version_not_newer: 'The version must be newer than {latest}, the latest release for this platform',
  platform_invalid: 'The platform must be android or ios',
  native_version_invalid: 'The minimum native version must look like 1.0 or 1.2.3',
  rollout_invalid: 'The rollout must be a whole number from 0 to 100',
  content_invalid: 'Release notes must be a JSON object with a text for each of: {langs}',
  content_too_long: 'Release notes may have at most {max} characters per language',
  unknown_field: 'Unknown field',
  multipart_required: 'Send the release as multipart/form-data',
  bundle_republished: 'These exact bytes were already published as {version}: sign and upload a new build',
  signature_invalid: 'The signature must be 128 hex characters (ed25519, made by npm run release)',
  signature_mismatch: 'The signature does not verify for this bundle with the release public key {key}…',
};

export type ReleaseMessageKey = keyof typeof en;

const messages: Record<Lang, Record<ReleaseMessageKey, string>> = {
  en,
  de: {
    required: 'Dieses Feld ist erforderlich',
    bundle_not_zip: 'Das Bundle muss ein ZIP-Archiv mit einer index.html sein',
    bundle_too_large: 'Das Bundle ist größer als {max} MB',
    version_invalid: 'Die Version muss wie 1.2.3 aussehen',
    version_not_newer: 'Die Version muss neuer sein als {latest}, die letzte Version für diese Plattform',
    platform_invalid: 'Die Plattform muss android oder ios sein',
    native_version_invalid: 'Die minimale native Version muss wie 1.0 oder 1.2.3 aussehen',
    rollout_invalid: 'Der Rollout muss eine ganze Zahl von 0 bis 100 sein',
    content_invalid:
      'Die Versionshinweise müssen ein JSON-Objekt mit einem Text für jede Sprache sein: {langs}',
    content_too_long: 'Versionshinweise dürfen höchstens {max} Zeichen pro Sprache haben',
    unknown_field: 'Unbekanntes Feld',
    multipart_required: 'Senden Sie die Version als multipart/form-data',
    signature_invalid:
      'Die Signatur muss aus 128 Hex-Zeichen bestehen (ed25519, erstellt mit npm run release)',
    signature_mismatch:
      'Die Signatur passt nicht zu diesem Bundle und dem öffentlichen Release-Schlüssel {key}…',
    bundle_republished:
      'Genau diese Bytes wurden bereits als {version} veröffentlicht: signieren und laden Sie einen neuen Build hoch',
  },
  zh_CN: {
    required: '此字段为必填项',
    bundle_not_zip: '更新包必须是包含 index.html 的 zip 压缩包',
    bundle_too_large: '更新包大于 {max} MB',
    version_invalid: '版本号格式应为 1.2.3',
    version_not_newer: '版本号必须高于该平台的最新版本 {latest}',
    platform_invalid: '平台必须是 android 或 ios',
    native_version_invalid: '最低原生版本格式应为 1.0 或 1.2.3',
    rollout_invalid: '灰度比例必须是 0 到 100 之间的整数',
    content_invalid: '更新说明必须是 JSON 对象，并为以下每种语言提供文本：{langs}',
    content_too_long: '每种语言的更新说明最多 {max} 个字符',
    unknown_field: '未知字段',
    multipart_required: '请以 multipart/form-data 格式提交版本',
    signature_invalid: '签名必须是 128 个十六进制字符（ed25519，由 npm run release 生成）',
    signature_mismatch: '签名无法用发布公钥 {key}… 验证此更新包',
    bundle_republished: '完全相同的更新包已作为 {version} 发布过：请签名并上传新的构建',
  },
  zh_TW: {
    required: '此欄位為必填',
    bundle_not_zip: '更新包必須是包含 index.html 的 zip 壓縮檔',
    bundle_too_large: '更新包大於 {max} MB',
    version_invalid: '版本號格式應為 1.2.3',
    version_not_newer: '版本號必須高於該平台的最新版本 {latest}',
    platform_invalid: '平台必須是 android 或 ios',
    native_version_invalid: '最低原生版本格式應為 1.0 或 1.2.3',
    rollout_invalid: '分階段發布比例必須是 0 到 100 之間的整數',
    content_invalid: '更新說明必須是 JSON 物件，並為以下每種語言提供文字：{langs}',
    content_too_long: '每種語言的更新說明最多 {max} 個字元',
    unknown_field: '未知欄位',
    multipart_required: '請以 multipart/form-data 格式提交版本',
    signature_invalid: '簽章必須是 128 個十六進位字元（ed25519，由 npm run release 產生）',
    signature_mismatch: '簽章無法用發布公鑰 {key}… 驗證此更新包',
    bundle_republished: '完全相同的更新包已作為 {version} 發布過：請簽章並上傳新的建置',
  },
  es: {
    required: 'Este campo es obligatorio',
    bundle_not_zip: 'El paquete debe ser un archivo zip que contenga index.html',
    bundle_too_large: 'El paquete supera los {max} MB',
    version_invalid: 'La versión debe tener la forma 1.2.3',
    version_not_newer: 'La versión debe ser posterior a {latest}, la última de esta plataforma',
    platform_invalid: 'La plataforma debe ser android o ios',
    native_version_invalid: 'La versión nativa mínima debe tener la forma 1.0 o 1.2.3',
    rollout_invalid: 'El despliegue debe ser un número entero de 0 a 100',
    content_invalid:
      'Las notas de la versión deben ser un objeto JSON con un texto para cada idioma: {langs}',
    content_too_long: 'Las notas de la versión admiten como máximo {max} caracteres por idioma',
    unknown_field: 'Campo desconocido',
    multipart_required: 'Envíe la versión como multipart/form-data',
    signature_invalid:
      'La firma debe tener 128 caracteres hexadecimales (ed25519, creada con npm run release)',
    signature_mismatch: 'La firma no es válida para este paquete con la clave pública de publicación {key}…',
    bundle_republished:
      'Estos mismos bytes ya se publicaron como {version}: firme y suba una compilación nueva',
  },
  fr: {
    required: 'Ce champ est obligatoire',
    bundle_not_zip: 'Le paquet doit être une archive zip contenant index.html',
    bundle_too_large: 'Le paquet dépasse {max} Mo',
    version_invalid: 'La version doit avoir la forme 1.2.3',
    version_not_newer: 'La version doit être plus récente que {latest}, la dernière pour cette plateforme',
    platform_invalid: 'La plateforme doit être android ou ios',
    native_version_invalid: 'La version native minimale doit avoir la forme 1.0 ou 1.2.3',
    rollout_invalid: 'Le déploiement doit être un nombre entier de 0 à 100',
    content_invalid:
      'Les notes de version doivent être un objet JSON avec un texte pour chaque langue : {langs}',
    content_too_long: 'Les notes de version ne peuvent dépasser {max} caractères par langue',
    unknown_field: 'Champ inconnu',
    multipart_required: 'Envoyez la version en multipart/form-data',
    signature_invalid:
      'La signature doit comporter 128 caractères hexadécimaux (ed25519, créée par npm run release)',
    signature_mismatch:
      'La signature ne correspond pas à ce paquet avec la clé publique de publication {key}…',
    bundle_republished:
      'Ces mêmes octets ont déjà été publiés en {version} : signez et envoyez un nouveau build',
  },
  it: {
    required: 'Questo campo è obbligatorio',
    bundle_not_zip: 'Il pacchetto deve essere un archivio zip che contiene index.html',
    bundle_too_large: 'Il pacchetto supera {max} MB',
    version_invalid: 'La versione deve avere la forma 1.2.3',
    version_not_newer: 'La versione deve essere successiva a {latest}, l’ultima per questa piattaforma',
    platform_invalid: 'La piattaforma deve essere android o ios',
    native_version_invalid: 'La versione nativa minima deve avere la forma 1.0 o 1.2.3',
    rollout_invalid: 'Il rilascio deve essere un numero intero da 0 a 100',
    content_invalid:
      'Le note di rilascio devono essere un oggetto JSON con un testo per ogni lingua: {langs}',
    content_too_long: 'Le note di rilascio possono avere al massimo {max} caratteri per lingua',
    unknown_field: 'Campo sconosciuto',
    multipart_required: 'Invia la versione come multipart/form-data',
    signature_invalid: 'La firma deve avere 128 caratteri esadecimali (ed25519, creata con npm run release)',
    signature_mismatch:
      'La firma non è valida per questo pacchetto con la chiave pubblica di rilascio {key}…',
    bundle_republished:
      'Questi stessi byte sono già stati pubblicati come {version}: firma e carica una nuova build',
  },
};

export function releaseMessage(
  lang: Lang,
  key: ReleaseMessageKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return messages[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export const RELEASE_MESSAGES = messages;
