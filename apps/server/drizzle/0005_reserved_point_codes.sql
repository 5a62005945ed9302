-- Point codes that name Object.prototype members (constructor, toString, …) broke every listing of
-- their station's values; they are refused now, and codes stored earlier get a suffix.
UPDATE "biz_point" SET "code" = "code" || '_1'
WHERE "code" IN ('constructor', '__defineGetter__', '__defineSetter__', 'hasOwnProperty', '__lookupGetter__',
  '__lookupSetter__', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'valueOf', '__proto__', 'toLocaleString');
