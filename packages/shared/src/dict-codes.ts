/** Dictionary codes the client caches after login (spec §3 "Cached dictionaries") plus the ones we add. */
export const CACHED_DICT_CODES = [
  'ApiTypeEnum',
  'LOGOrderStateEnum',
  'PushTypeEnum',
  'CountryType',
  'COLOrderStatusEnum',
  'CollectionOrderExceptionConstant',
] as const;

export const DICT_CODES = [
  ...CACHED_DICT_CODES,
  'OrderStatus',
  'ServiceType',
  'Currency',
  'LogisticsWarehouse',
  'ParcelStatus',
  'CollectionExceptionType',
  'ExceptionResolution',
  'TrackingSource',
  'UserStatus',
] as const;
export type DictCode = (typeof DICT_CODES)[number];

/** What a dictionary code may look like: letters, digits, underscore, 1..64. Anything else is refused. */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Dictionaries the code relies on: never deleted, their code and their item values never change. */
export const isBuiltInDict = (code: string): boolean => (DICT_CODES as readonly string[]).includes(code);

/**
 * The response header that carries the dictionaries' version (a digest of every enabled item's texts): a
 * client whose 7-day cache holds another version fetches queryAllDictItems again.
 */
export const DICT_VERSION_HEADER = 'x-dict-version';
