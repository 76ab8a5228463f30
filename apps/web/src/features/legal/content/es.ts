import { licenceDocuments, licenceSectionBlocks, type LicenceWords } from './licence-documents';
import type { LegalTexts } from './types';

// Textos legales en español: la misma estructura e ids que en.ts.

// The licences, stated once: the terms' licence section and each licence's own page show them.
const LICENCES: LicenceWords = {
  may: 'Qué puedes hacer',
  never: 'Qué no permite ninguna licencia',
  grant:
    'Las imágenes de la galería y sus vistas previas con marca de agua pertenecen a Pictura o a sus licenciantes. Comprar una imagen no transmite su propiedad; te da una licencia para usar el archivo que has descargado. Toda licencia es no exclusiva, mundial y sin límite de tiempo, y es solo tuya: no puedes ceder la licencia ni el archivo original a otras personas.',
  personalIntro: 'Descarga estándar (uso personal). Puedes:',
  personalUses: [
    'imprimir la imagen para ti, enmarcarla, usarla como fondo de pantalla y regalar una copia impresa;',
    'compartirla en tus redes sociales personales y en tu web personal, siempre que no se venda ni se anuncie nada.',
  ],
  commercialIntro:
    'Resolución completa con licencia comercial. Además, puedes usar la imagen con fines comerciales, para ti o para un cliente:',
  commercialUses: [
    'en publicidad, marketing, presentaciones, sitios web, redes sociales, envases y material impreso;',
    'en productos que vendas, como láminas, pósteres, tarjetas, ropa y merchandising, siempre que la imagen forme parte de un producto y no se venda sola como archivo.',
  ],
  noLicenceIntro: 'Ninguna licencia te permite:',
  noLicenceUses: [
    'vender, compartir o regalar el propio archivo de la imagen, ni ofrecerlo en una colección de imágenes de stock, plantillas o fondos de pantalla;',
    'usar la imagen en un logotipo o una marca, ni afirmar que la has creado tú o que tienes derechos exclusivos sobre ella;',
    'usarla para entrenar o mejorar modelos de IA;',
    'usarla de forma ilegal, difamatoria u ofensiva, o de manera que sugiera que una persona real respalda algo;',
    'usar las vistas previas con marca de agua para algo distinto de elegir una imagen.',
  ],
  inTerms:
    'Estas licencias forman parte de los [términos y condiciones](/terms-and-conditions#licences). Cada archivo que descargas indica su licencia en sus metadatos.',
};

const es: LegalTexts = {
  privacy: {
    sections: [
      {
        id: 'who-we-are',
        heading: 'Quiénes somos',
        blocks: [
          'Pictura es una tienda en línea de arte generado con IA. Somos los responsables del tratamiento de los datos personales que se describen aquí. Puedes contactar con nosotros en cualquier momento a través del [formulario de contacto](/contact).',
          'Solo recogemos lo que necesitamos para que la tienda funcione, nunca vendemos datos personales y no mostramos publicidad.',
        ],
      },
      {
        id: 'data-we-keep',
        heading: 'Qué guardamos y por qué',
        blocks: [
          {
            list: [
              'Cuenta: tu correo electrónico, tu contraseña (guardada solo como un hash argon2id de un solo sentido que nadie, ni siquiera nosotros, puede leer), tu nombre y apellidos, tu dirección de facturación (país, ciudad, dirección, provincia o estado, código postal), la moneda y el idioma que elijas. Los necesitamos para darte tu cuenta y emitir facturas correctas (ejecución de un contrato).',
              'Sesiones: por cada dispositivo en el que inicias sesión, una sesión que dura como máximo 30 días y termina al cerrar sesión. Solo guardamos un hash del token de sesión, para reconocerlo y detectar tokens robados, y el agente de usuario del navegador con la hora del último uso de la sesión, para que veas tus dispositivos con sesión iniciada en los ajustes de tu cuenta y puedas cerrar la sesión en cualquiera de ellos (ejecución de un contrato e interés legítimo en la seguridad).',
              'Actividad de la cuenta: durante 30 días, cada inicio de sesión, inicio de sesión o código fallido, cambio en cómo inicias sesión (contraseña, correo, inicio de sesión en dos pasos, llaves de acceso, códigos de recuperación), cierre de sesión en dispositivos y copia de datos solicitada, con su hora, el navegador y el sistema operativo (no el agente de usuario completo) y la red de la que vino (las tres primeras partes de una dirección IPv4 o los tres primeros grupos de una IPv6, nunca la dirección completa), para que veas en los ajustes de tu cuenta lo que no hiciste tú (nuestro interés legítimo en la seguridad, y el tuyo).',
              'Códigos para restablecer la contraseña: válidos durante 15 minutos y de un solo uso, guardados solo como hash con clave.',
              'Verificación del correo: el enlace que te enviamos para confirmar tu dirección (válido 24 horas, de un solo uso, guardado solo como hash), la fecha en que la confirmaste y, mientras cambias de dirección, la nueva hasta que la confirmes. Hasta que tu dirección esté confirmada, los depósitos, el pago de pedidos, el canje de tarjetas regalo y la generación de imágenes esperan (seguridad de tu saldo).',
              'Inicio de sesión en dos pasos y llaves de acceso, si los activas: el secreto de tu app de autenticación (cifrado), tus códigos de recuperación (guardados solo como hash con clave) y, de cada llave de acceso, su nombre, su clave pública y las fechas en que se añadió y se usó por última vez. La clave privada de una llave de acceso nunca sale de tu dispositivo (seguridad de tu cuenta).',
              'Recibos: un recibo numerado por cada pedido pagado y cada depósito, con los datos de facturación, los importes y el IVA incluido (legislación fiscal y contable).',
              'Pedidos: lo que has comprado, los precios, los datos de facturación indicados al pagar, el estado del pago y las fechas (ejecución de un contrato; normativa fiscal y contable).',
              'Datos del navegador enviados con un pedido o un depósito: si JavaScript está activado, el idioma del navegador, el tamaño de la pantalla, la zona horaria y el agente de usuario. Se transmiten al proveedor de pagos para proteger el pago contra el fraude (interés legítimo en prevenir el fraude).',
              'Saldo: cada movimiento de tu saldo (depósitos, tarjetas regalo, pedidos, generación de imágenes, reembolsos) con el saldo resultante (ejecución de un contrato; normativa contable).',
              'Imágenes que generas: tu descripción (prompt), el estilo elegido, la imagen creada y su precio (ejecución de un contrato).',
              'Mensajes al servicio de atención al cliente: consulta [más abajo](/privacy-policy#support).',
              'Registros técnicos: tu dirección IP, la dirección solicitada, la hora y un número de solicitud, en los registros del servidor, para mantener el servicio seguro y localizar errores. Para impedir abusos contamos las solicitudes por dirección IP durante un máximo de 15 minutos, y los intentos por dirección de correo solo como hash (interés legítimo en la seguridad).',
            ],
          },
        ],
      },
      {
        id: 'payments',
        heading: 'Pagos y saldo',
        blocks: [
          'Los pagos con tarjeta los gestiona nuestro proveedor de pagos (actualmente Stripe) en su propia página de pago segura. Nunca vemos ni guardamos el número de tu tarjeta; solo recibimos el resultado del pago, su importe y una referencia.',
          'Tu saldo se lleva por separado para cada moneda (EUR y USD). Cada movimiento queda registrado para que tú y nosotros podamos explicar siempre tu saldo.',
        ],
      },
      {
        id: 'gift-cards',
        heading: 'Tarjetas regalo',
        blocks: [
          'Cuando compras una tarjeta regalo guardamos su importe y su moneda. Su código se te muestra una vez en tu historial de pedidos y se te envía por correo electrónico; después solo guardamos un hash del código, para reconocerlo al canjearlo, y sus últimos caracteres, para que puedas distinguir tus tarjetas. Cuando se canjea un código registramos qué cuenta lo canjeó y cuándo, para que cada tarjeta se use una sola vez.',
        ],
      },
      {
        id: 'images',
        heading: 'Imágenes que generas',
        blocks: [
          'Tus descripciones y las imágenes creadas a partir de ellas se guardan en tu cuenta para que puedas encontrarlas y descargarlas de nuevo. Si utilizamos un servicio externo de generación de imágenes, solo le enviamos la descripción y el estilo elegido, nunca tu nombre ni tu correo electrónico.',
        ],
      },
      {
        id: 'support',
        heading: 'Mensajes al servicio de atención al cliente',
        blocks: [
          'Cuando nos escribes mediante el [formulario de contacto](/contact) guardamos tu correo electrónico, tu nombre, el tema, tu mensaje, el número de pedido o id de imagen que nos indiques, el idioma del sitio y, si has iniciado sesión, un vínculo con tu cuenta. Los usamos solo para responderte y mejorar nuestra ayuda. Recibirás por correo una confirmación con un número de consulta.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Quién más ve tus datos',
        blocks: [
          'Solo compartimos datos personales con proveedores que trabajan para nosotros bajo contrato y solo en la medida en que su tarea lo requiere:',
          {
            list: [
              'el proveedor de pagos, para pagos, depósitos y prevención del fraude;',
              'nuestro servicio de envío de correo, para mandarte confirmaciones, códigos y respuestas;',
              'nuestros proveedores de alojamiento y almacenamiento, que gestionan los servidores de la tienda;',
              'un servicio de generación de imágenes, si lo utilizamos, que solo recibe las descripciones.',
            ],
          },
          'Cuando un proveedor trata datos fuera del Espacio Económico Europeo, nos acogemos a las garantías del RGPD, como las cláusulas contractuales tipo de la Comisión Europea. Solo comunicamos datos a las autoridades cuando la ley nos obliga.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies y almacenamiento en tu navegador',
        blocks: [
          'Pictura usa dos cookies y el almacenamiento local y de sesión de tu navegador, solo para lo que la tienda necesita para funcionar. Son «necesarias» y no requieren tu consentimiento. Nada se usa para publicidad ni para seguirte por otros sitios web.',
          {
            table: {
              caption: 'Lo que la tienda guarda en tu navegador',
              head: ['Nombre', 'Dónde', 'Para qué', 'Duración'],
              rows: [
                ['i18next', 'Cookie', 'El idioma del sitio', '1 año'],
                [
                  'currency',
                  'Cookie',
                  'La moneda que has elegido, para que las páginas lleguen con los precios en ella',
                  '1 año',
                ],
                [
                  'jwtToken, refreshToken',
                  'Almacenamiento de sesión',
                  'Mantiene tu sesión iniciada en esta pestaña',
                  'Hasta que cierres la pestaña o la sesión',
                ],
                [
                  'currency',
                  'Almacenamiento local',
                  'La moneda que has elegido',
                  'Hasta que la cambies',
                ],
                [
                  'cart, gift-card',
                  'Almacenamiento local',
                  'El contenido de tu carrito',
                  'Hasta que hagas el pedido o vacíes el carrito',
                ],
                [
                  'paymentLink, lastDeposit, paymentAttempt',
                  'Almacenamiento de sesión',
                  'El pago que tienes en curso, una recarga para reintentarla si falla y una clave aleatoria que evita pagar dos veces al repetir un clic o recargar la página',
                  'Hasta que cierres la pestaña',
                ],
                [
                  'react-router-scroll-positions',
                  'Almacenamiento de sesión',
                  'Te devuelve al punto de la página en el que estabas al volver atrás',
                  'Hasta que cierres la pestaña',
                ],
                [
                  'release-reload-at',
                  'Almacenamiento de sesión',
                  'Carga de forma segura una nueva versión de la tienda',
                  '10 segundos',
                ],
                [
                  'cookie-consent',
                  'Almacenamiento local',
                  'Tu elección en el aviso de cookies',
                  '12 meses; después volvemos a preguntar',
                ],
              ],
            },
          },
          'El aviso de cookies ofrece además categorías opcionales: «Preferencias» (recordar opciones de visualización, como los filtros de la galería) y «Estadísticas» (contar visitas de forma anónima). Por ahora Pictura no usa ninguna cookie ni almacenamiento opcional; si empezamos a hacerlo, será solo después de que lo hayas aceptado. Puedes cambiar tu elección en cualquier momento con «Configuración de cookies», al pie de cada página.',
        ],
      },
      {
        id: 'retention',
        heading: 'Cuánto tiempo guardamos tus datos',
        blocks: [
          {
            list: [
              'Cuenta, imágenes generadas y saldo: mientras exista tu cuenta. Cuando eliminas tu cuenta se borran en el acto, salvo los registros que la ley nos obliga a conservar (consulta [Descargar tus datos y eliminar tu cuenta](/privacy-policy#your-data)).',
              'Recibos, y el nombre y la dirección de facturación de los pedidos: sin alterar, también después de que borres tu cuenta, durante 10 años tras el final del año de la venta, porque la ley nos obliga a conservarlos (obligación legal, RGPD art. 6.1.c y 17.3.b: la Directiva del IVA de la UE exige conservar las facturas emitidas sin alterar, art. 233, y los registros de las ventas de servicios electrónicos a consumidores de la UE durante 10 años, art. 369 duodecies; la Ley General Tributaria y el Código de Comercio piden 4 y 6 años). Después se borran automáticamente. Por lo demás, pedidos, pagos, tarjetas regalo y movimientos del saldo: el tiempo que exija la normativa fiscal y contable, en general hasta 10 años tras el final del año en que se produjeron.',
              'Sesiones y actividad de la cuenta: como máximo 30 días; códigos para restablecer la contraseña: 15 minutos; enlaces de verificación del correo: 24 horas.',
              'Mensajes al servicio de atención al cliente: 2 años desde nuestro último intercambio sobre el asunto.',
              'Registros del servidor: 30 días.',
            ],
          },
        ],
      },
      {
        id: 'security',
        heading: 'Cómo protegemos tus datos',
        blocks: [
          'Todas las conexiones van cifradas (HTTPS). Las contraseñas, los tokens de sesión, los códigos de restablecimiento, los enlaces de verificación y los códigos de recuperación se guardan solo como hash, y los secretos del inicio de sesión en dos pasos solo cifrados. Puedes proteger más tu cuenta con el inicio de sesión en dos pasos o una llave de acceso en los [ajustes de tu cuenta](/account-settings). El acceso a los datos personales se limita a las personas que lo necesitan para gestionar la tienda, y cada solicitud se comprueba contra tu propia cuenta, de modo que nadie puede ver los pedidos, el saldo ni las imágenes de otro cliente.',
        ],
      },
      {
        id: 'rights',
        heading: 'Tus derechos',
        blocks: [
          'Según el RGPD tienes derecho a acceder a tus datos, a rectificarlos o suprimirlos, a limitar su uso u oponerte a él, a recibirlos en un formato portable y a retirar tu consentimiento en cualquier momento. Puedes corregir tú mismo tu nombre y tu dirección de facturación en los [ajustes de la cuenta](/account-settings) y en los [datos de facturación](/billing-information). Puedes descargar una copia de tus datos y eliminar tu cuenta tú mismo en los [ajustes de la cuenta](/account-settings) (consulta [más abajo](/privacy-policy#your-data)). Para todo lo demás, escríbenos mediante el [formulario de contacto](/contact) desde el correo electrónico de tu cuenta; respondemos en el plazo de un mes.',
          'También tienes derecho a presentar una reclamación ante la autoridad de protección de datos del país en el que vives o trabajas.',
        ],
      },
      {
        id: 'your-data',
        heading: 'Descargar tus datos y eliminar tu cuenta',
        blocks: [
          '«Descargar mis datos», en los [ajustes de la cuenta](/account-settings), prepara en segundo plano un archivo ZIP; la página muestra su progreso. Contiene un archivo JSON con todos los registros que guardamos sobre ti y las propias imágenes:',
          {
            list: [
              'tu perfil (correo, nombre, idioma, moneda) y tus datos de facturación;',
              'tus pedidos con sus artículos, pagos, imágenes compradas, saldos, deudas y cada movimiento del saldo;',
              'las tarjetas regalo que compraste, canjeaste o te envió atención al cliente (sin sus códigos, que solo guardamos como hash);',
              'tus consultas de soporte y las respuestas de atención al cliente, y los correos que te enviamos;',
              'tus sesiones (dispositivo, inicio y último uso), la actividad de tu cuenta de los últimos 30 días y tus trabajos de generación;',
              'tus recibos y los datos de facturación de cada depósito; cuándo confirmaste tu correo; si el inicio de sesión en dos pasos está activado y el nombre y las fechas de tus llaves de acceso (nunca el secreto, los códigos de recuperación ni las claves);',
              'consentimientos: aceptar esta política forma parte de crear la cuenta, así que la cuenta es su registro; tus preferencias de cookies se guardan solo en tu navegador y nunca llegan a nuestro servidor, por lo que el archivo lo indica en lugar de enumerarlas;',
              'las imágenes que generaste y las que compraste, tal como las dan sus descargas.',
            ],
          },
          'Cuando está listo te avisamos por correo. Solo tú puedes descargarlo, en los ajustes de tu cuenta y con la sesión iniciada, durante 7 días: el correo no lleva enlace de descarga, y cerrar la sesión en todos los dispositivos o cambiar la contraseña también termina la descarga en cualquier otro dispositivo. Pasados 7 días el archivo se borra automáticamente y puedes preparar una copia nueva cuando quieras. Preparar una copia nueva borra el archivo anterior.',
          '«Eliminar mi cuenta» te pide de nuevo la contraseña y te muestra el saldo que te quede, que se pierde: después no se puede pagar. Al eliminar la cuenta se cierra tu sesión en todos los dispositivos y se borran en el acto tu perfil y tus datos de facturación, tu contraseña, tus imágenes generadas, tus descargas compradas, tus exportaciones de datos, tu inicio de sesión en dos pasos y tus llaves de acceso, lo que escribiste en tus consultas de soporte (y nuestras respuestas) y las descripciones de tus trabajos de generación.',
          'Se conserva lo que la ley nos obliga a guardar: pedidos y recibos (números, importes, artículos, país a efectos fiscales), pagos, tarjetas regalo y movimientos del saldo, durante los plazos indicados en [Cuánto tiempo guardamos tus datos](/privacy-policy#retention). Tus recibos, tal como se emitieron, y el nombre y la dirección de facturación de tus pedidos se conservan sin alterar hasta que termina ese plazo, porque la ley prohíbe modificar las facturas emitidas; después se borran automáticamente. Todo lo demás de estos registros queda seudonimizado: tu correo se sustituye por un marcador que no identifica a nadie, y tu nombre, tu dirección y los datos de tu navegador se borran de ellos, de modo que ya no remiten a ti. Más adelante puedes volver a registrarte con el mismo correo; la cuenta nueva empieza vacía.',
        ],
      },
      {
        id: 'children',
        heading: 'Menores',
        blocks: [
          'Pictura no está pensada para menores de 16 años y no recogemos a sabiendas datos sobre ellos.',
        ],
      },
      {
        id: 'changes',
        heading: 'Cambios en esta política',
        blocks: [
          'Cuando cambiamos esta política, actualizamos la fecha que aparece arriba. Si un cambio afecta a cómo usamos datos que ya nos has dado, te lo comunicamos por correo electrónico o en la tienda antes de que entre en vigor.',
        ],
      },
      {
        id: 'contact',
        heading: 'Cómo contactar con nosotros',
        blocks: [
          'Para cualquier pregunta sobre tus datos, usa el [formulario de contacto](/contact) y elige el tema «Otro asunto». Recibirás al instante un número de consulta y una respuesta por correo electrónico, normalmente en un plazo de dos días laborables.',
        ],
      },
    ],
  },
  terms: {
    sections: [
      {
        id: 'about',
        heading: 'Sobre estos términos',
        blocks: [
          'Estos términos se aplican a todo uso de Pictura: navegar por la galería, crear una cuenta, comprar imágenes y tarjetas regalo, tener saldo y generar imágenes. Al crear una cuenta o hacer un pedido los aceptas. Cómo tratamos los datos personales se explica en nuestra [política de privacidad](/privacy-policy).',
        ],
      },
      {
        id: 'account',
        heading: 'Tu cuenta',
        blocks: [
          'Debes tener al menos 16 años y dar una dirección de correo electrónico que funcione. No compartas tu contraseña; eres responsable de lo que ocurra en tu cuenta. Si crees que otra persona conoce tu contraseña, cámbiala y usa «Cerrar sesión en todas partes» en los [ajustes de la cuenta](/account-settings).',
          'Podemos suspender una cuenta que se use para cometer fraude, para atacar la tienda o en contra de las normas para generar imágenes que se indican más abajo. Te diremos el motivo, salvo que la ley lo impida.',
        ],
      },
      {
        id: 'prices',
        heading: 'Precios y pago',
        blocks: [
          'Los precios se muestran en euros (EUR) o en dólares estadounidenses (USD), según elijas, y son precios finales con el IVA incluido cuando corresponda. Cada imagen tiene su propio precio en cada moneda; no convertimos entre ellas. Cambiar de moneda vacía tu carrito.',
          'Pagas con tarjeta a través de nuestro proveedor de pagos o con tu saldo. Si eliges pagar con tu saldo, este paga todo lo que puede y el resto se paga con tarjeta. Un pedido espera su pago durante 30 minutos; si el pago falla o no llega a tiempo, el pedido se cancela y la parte que se tomó de tu saldo se te devuelve al momento.',
          'Una compra se completa cuando se confirma el pago. Tus imágenes quedan entonces listas para descargar en [Mis obras](/artworks), cada una con el texto de su licencia.',
        ],
      },
      {
        id: 'balance',
        heading: 'Tu saldo',
        blocks: [
          'Tu saldo es crédito prepagado para compras y generación de imágenes en la tienda, y se lleva por separado en EUR y en USD. Puedes recargarlo mediante un depósito (de 5,00 a 1.000,00 cada vez) o canjeando una tarjeta regalo.',
          'El saldo no genera intereses, no puede transferirse a otra cuenta y no se paga en efectivo, salvo lo previsto más abajo para los reembolsos. Nunca baja de cero: una compra o una generación que lo supere se rechaza o se paga en parte con tarjeta.',
        ],
      },
      {
        id: 'gift-cards',
        heading: 'Tarjetas regalo',
        blocks: [
          'Las tarjetas regalo se compran a través del carrito por un importe de 5,00 a 500,00 en EUR o en USD. Tras el pago, el código se muestra una vez en tu historial de pedidos y se te envía por correo electrónico. Trátalo como dinero en efectivo: cualquiera que conozca el código puede canjearlo, y no podemos reponer un código que otra persona ya haya usado.',
          'Una tarjeta regalo se canjea una sola vez y por completo en el saldo de la cuenta que la canjea, en la moneda de la tarjeta. Las tarjetas regalo no caducan y no se pueden cambiar por dinero en efectivo.',
        ],
      },
      {
        id: 'refunds',
        heading: 'Reembolsos y cancelaciones',
        blocks: [
          'Las imágenes son contenido digital que recibes de inmediato. Al hacer un pedido nos pides que pongamos la descarga a tu disposición enseguida y reconoces que tu derecho de desistimiento de 14 días termina en cuanto la descarga está disponible. Tus derechos legales cuando un archivo es defectuoso no se ven afectados.',
          {
            list: [
              'Si una descarga no funciona, el archivo está dañado o claramente no es la imagen descrita, avísanos en un plazo de 30 días mediante el [formulario de contacto](/contact) (tema «Compras y pagos»). Te enviaremos un archivo que funcione o te devolveremos el precio.',
              'Los depósitos que no hayas gastado se pueden reembolsar en un plazo de 14 días desde el depósito, a la tarjeta con la que se pagaron.',
              'Si cierras tu cuenta, te reembolsamos la parte no gastada de tus depósitos al medio de pago original. El saldo procedente de tarjetas regalo no se paga.',
              'La generación de imágenes solo se cobra cuando la imagen se ha creado; si una generación falla, el importe reservado vuelve automáticamente a tu saldo.',
              'Una tarjeta regalo sin usar se puede reembolsar en un plazo de 14 días desde la compra.',
            ],
          },
          'Los reembolsos se hacen al medio de pago original o, si lo prefieres, a tu saldo, normalmente en un plazo de 14 días.',
        ],
      },
      {
        id: 'licences',
        heading: 'De quién son las imágenes y qué permite tu licencia',
        blocks: licenceSectionBlocks(LICENCES),
      },
      {
        id: 'generation',
        heading: 'Generar imágenes',
        blocks: [
          'Cada generación se paga con tu saldo al precio indicado en la página [Crear](/create) antes de empezar. Las imágenes que generas son para ti: en la medida en que surjan derechos sobre ellas, te los transferimos, y puedes usar tus imágenes generadas como permite la licencia comercial anterior, incluso vendiendo productos con ellas. Como las imágenes las crea una IA, pueden crearse imágenes parecidas para otras personas, y en algunos países las imágenes generadas con IA no están protegidas por derechos de autor; por eso no podemos garantizar que una imagen generada sea única ni que puedas impedir que otros usen una parecida.',
          'No pidas imágenes ilegales, contenido sexual con menores, imágenes sexuales o violentas realistas de personas reales, contenido de odio ni copias de obras, logotipos o personajes de otras personas. Eres responsable de tus descripciones y del uso que hagas de los resultados. Podemos rechazar una descripción o retirar una imagen que incumpla estas normas.',
        ],
      },
      {
        id: 'liability',
        heading: 'Disponibilidad y responsabilidad',
        blocks: [
          'Trabajamos para que Pictura esté disponible y funcione correctamente, pero no podemos garantizar que nunca se interrumpa. Respondemos plenamente de los daños causados con dolo o negligencia grave y de los daños a la vida, la integridad física o la salud. En caso de negligencia leve solo respondemos por el incumplimiento de obligaciones esenciales y solo de los daños típicos y previsibles para este tipo de contrato. Tus derechos legales como consumidor no se ven afectados.',
        ],
      },
      {
        id: 'changes',
        heading: 'Cambios en estos términos',
        blocks: [
          'Podemos cambiar estos términos para el futuro, por ejemplo cuando añadimos funciones o cambia la ley. Te avisaremos de los cambios por correo electrónico al menos 30 días antes de que entren en vigor; hasta entonces puedes cerrar tu cuenta. Los pedidos ya realizados se rigen por los términos vigentes cuando los hiciste.',
        ],
      },
      {
        id: 'law',
        heading: 'Ley aplicable y conflictos',
        blocks: [
          'Estos términos se rigen por la ley del país en el que está establecida Pictura. Si eres consumidor, conservas además la protección de las normas imperativas del país en el que vives y puedes presentar una reclamación allí. Te pedimos que nos contactes primero: la mayoría de los problemas se resuelven rápido mediante el [formulario de contacto](/contact).',
        ],
      },
      {
        id: 'contact',
        heading: 'Cómo contactar con nosotros',
        blocks: [
          'Preguntas sobre un pedido, un pago, una licencia o estos términos: usa el [formulario de contacto](/contact). Recibirás al instante un número de consulta y una respuesta por correo electrónico, normalmente en un plazo de dos días laborables.',
        ],
      },
    ],
  },
  ...licenceDocuments(LICENCES),
};

export default es;
