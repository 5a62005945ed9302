import type { Lang } from '../i18n';

/**
 * In-app messages: play times, status, read state (joined into the catalogue of catalogue.ts).
 */
export const messageCenterMessages = {
  messageEndBeforeNow: {
    zh_CN: '结束时间不能小于当前时间',
    en_US: 'The end time is not less than the current time',
    es_ES: 'La hora de fin no puede ser anterior a la hora actual',
    ja_JP: '終了時刻は現在時刻より前にできません',
  },
  messageStartAfterEnd: {
    zh_CN: '开始时间必须早于结束时间',
    en_US: 'The start time must be before the end time',
    es_ES: 'La hora de inicio debe ser anterior a la hora de fin',
    ja_JP: '開始時刻は終了時刻より前にしてください',
  },
  messageBroadcasting: {
    zh_CN: '消息正在播放，不能修改',
    en_US: 'The message is being broadcast and cannot be edited',
    es_ES: 'El mensaje se está difundiendo y no se puede editar',
    ja_JP: 'メッセージは配信中のため編集できません',
  },
  messageEnded: {
    zh_CN: '消息已结束，不能修改',
    en_US: 'The message has ended and cannot be edited',
    es_ES: 'El mensaje ha finalizado y no se puede editar',
    ja_JP: 'メッセージは終了しているため編集できません',
  },
  messageAlreadyRead: {
    zh_CN: '该消息已读',
    en_US: 'This message has already been read',
    es_ES: 'Este mensaje ya se ha leído',
    ja_JP: 'このメッセージは既読です',
  },
  messageNotFound: {
    zh_CN: '消息不存在或无权访问',
    en_US: 'Message does not exist or is not accessible',
    es_ES: 'El mensaje no existe o no es accesible',
    ja_JP: 'メッセージが存在しないか、アクセス権がありません',
  },
  messageRecipientNotFound: {
    zh_CN: '接收用户不存在或无权发送',
    en_US: 'A receiving user does not exist or cannot be addressed',
    es_ES: 'Un usuario destinatario no existe o no se le puede enviar',
    ja_JP: '受信ユーザーが存在しないか、送信できません',
  },
} satisfies Record<string, Record<Lang, string>>;
