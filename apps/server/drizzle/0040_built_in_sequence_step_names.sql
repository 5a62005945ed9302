-- Built-in sequence templates' steps read in the user's language (issue 21 finding 7): each step
-- of an older database's built-in template that still carries its seeded text ("中文 / English",
-- or the Chinese) gets the Chinese as its name and its names per language; a step renamed by hand
-- keeps what was typed.
UPDATE "biz_sequence_template" AS t SET "steps" = (
  SELECT jsonb_agg(
    CASE WHEN m.zh IS NULL THEN s.step
      ELSE s.step || jsonb_build_object('name', m.zh, 'names', jsonb_build_object('zh_CN', m.zh, 'en_US', m.en, 'es_ES', m.es, 'ja_JP', m.ja))
    END ORDER BY s.i)
  FROM jsonb_array_elements(t."steps") WITH ORDINALITY AS s(step, i)
  LEFT JOIN (VALUES
    ('合直流断路器', 'Close DC breaker', 'Cerrar el interruptor de CC', '直流遮断器を投入'),
    ('启动PCS', 'Start PCS', 'Arrancar el PCS', 'PCSを起動'),
    ('功率置零待命', 'Power to standby', 'Potencia a cero en espera', '出力ゼロで待機'),
    ('功率降为零', 'Power to zero', 'Potencia a cero', '出力をゼロに'),
    ('停止PCS', 'Stop PCS', 'Detener el PCS', 'PCSを停止'),
    ('分直流断路器', 'Open DC breaker', 'Abrir el interruptor de CC', '直流遮断器を開放')
  ) AS m(zh, en, es, ja) ON s.step ->> 'name' IN (m.zh, m.zh || ' / ' || m.en)
)
  WHERE t."built_in" AND t."station_id" IS NULL AND jsonb_array_length(t."steps") > 0;
