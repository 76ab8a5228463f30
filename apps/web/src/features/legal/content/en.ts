import { licenceDocuments, licenceSectionBlocks, type LicenceWords } from './licence-documents';
import type { LegalTexts } from './types';

// English legal texts. Facts here (limits, periods, storage keys) follow the shop as
// built; change them together with the code. Sections keep the same ids in every language.

// The licences, stated once: the terms' licence section and each licence's own page show them.
const LICENCES: LicenceWords = {
  may: 'What you may do',
  never: 'What no licence allows',
  grant:
    'The pictures in the gallery and their watermarked previews belong to Pictura or its licensors. Buying a picture does not transfer ownership; it gives you a licence to use the file you downloaded. Every licence is non-exclusive, worldwide and without time limit, and it is yours alone: you may not pass the licence or the original file on to others.',
  personalIntro: 'Standard download (personal use). You may:',
  personalUses: [
    'print the picture for yourself, frame it, use it as wallpaper, and give a print as a present;',
    'share it on your personal social media accounts and personal website, where nothing is sold or advertised.',
  ],
  commercialIntro:
    'Full resolution with commercial licence. In addition, you may use the picture for business purposes, for yourself or for a client:',
  commercialUses: [
    'in advertising, marketing, presentations, websites, social media, packaging and printed matter;',
    'on products you sell, such as prints, posters, cards, clothing and merchandise, as long as the picture is part of a product and not sold on its own as a file.',
  ],
  noLicenceIntro: 'No licence allows you to:',
  noLicenceUses: [
    'sell, share or give away the picture file itself, or offer it in a stock, template or wallpaper collection;',
    'use the picture in a logo or trademark, or claim that you created it or hold exclusive rights to it;',
    'use it to train or improve AI models;',
    'use it in a way that is unlawful, defamatory or hateful, or that suggests that a real person endorses something;',
    'use the watermarked previews for anything other than choosing a picture.',
  ],
  inTerms:
    'These licences are part of the [terms and conditions](/terms-and-conditions#licences). Each file you download names its licence in its metadata.',
};

const en: LegalTexts = {
  privacy: {
    sections: [
      {
        id: 'who-we-are',
        heading: 'Who we are',
        blocks: [
          'Pictura is an online shop for AI-generated art. We are responsible ("controller") for the personal data described here. You can reach us at any time through the [contact form](/contact).',
          'We collect only what we need to run the shop, we never sell personal data, and we do not show advertising.',
        ],
      },
      {
        id: 'data-we-keep',
        heading: 'What we keep and why',
        blocks: [
          {
            list: [
              'Account: your email address, your password (stored only as a one-way argon2id hash that nobody, including us, can read back), your first and last name, your billing address (country, city, address, state, postal code), your chosen currency and language. We need them to provide your account and to issue correct invoices (performance of a contract).',
              'Sign-in sessions: for each device you sign in on, a session that lasts at most 30 days and ends when you log out. We keep only a hash of the session token, to recognise it and to detect stolen tokens, and the browser’s user agent with the time the session was last used, so that you can see your signed-in devices in your account settings and log any of them out (performance of a contract and our legitimate interest in security).',
              'Account activity: for 30 days, each sign-in, failed sign-in or code, change to how you sign in (password, email address, two-step sign-in, passkeys, recovery codes), devices logged out and data copy asked for, with its time, the browser and operating system (not the full user agent) and the network it came from (the first three parts of an IPv4 address or first three groups of an IPv6 one, never the full address), so that you can spot in your account settings what was not you (our legitimate interest in security, and yours).',
              'Password reset codes: valid for 15 minutes and used once, stored only as a keyed hash.',
              'Email verification: the link we mail to confirm your address (valid for 24 hours, used once, stored only as a hash), the date you confirmed it and, while you change your address, the new one until you confirm it. Until your address is confirmed, deposits, checkout, gift-card redemption and image generation wait (security of your balance).',
              'Two-step sign-in and passkeys, if you turn them on: the secret of your authenticator app (encrypted), your recovery codes (stored only as keyed hashes), and for each passkey its name, public key and the dates it was added and last used. A passkey’s private key never leaves your device (security of your account).',
              'Receipts: a numbered receipt for every paid order and deposit, with the billing details, amounts and the VAT included (tax and accounting law).',
              'Orders: what you bought, prices, the billing details given at checkout, payment status and dates (performance of a contract; tax and accounting law).',
              'Browser details sent with an order or a deposit: whether JavaScript is enabled, your browser language, screen size, time zone and user agent. They are passed to the payment provider to protect the payment against fraud (legitimate interest in preventing fraud).',
              'Balance: every movement of your balance (deposits, gift cards, orders, image generation, refunds) with the resulting balance (performance of a contract; accounting law).',
              'Images you generate: your prompt, the chosen style, the picture created and its price (performance of a contract).',
              'Messages to customer care: see [below](/privacy-policy#support).',
              'Technical records: your IP address, the address requested, the time and a request number, in our server logs, to keep the service secure and to trace errors. To stop abuse we count requests per IP address for up to 15 minutes, and attempts per email address only as a hash (legitimate interest in security).',
            ],
          },
        ],
      },
      {
        id: 'payments',
        heading: 'Payments and your balance',
        blocks: [
          'Card payments are handled by our payment provider (currently Stripe) on its own secure payment page. We never see or store your card number; we receive only the result of the payment, its amount and a reference.',
          'Your balance is kept separately for each currency (EUR and USD). Every movement is recorded so that you and we can always explain your balance.',
        ],
      },
      {
        id: 'gift-cards',
        heading: 'Gift cards',
        blocks: [
          'When you buy a gift card we store its amount and currency. Its code is shown to you once in your order history and sent to you by email; after that we keep only a hash of it, to recognise it when it is redeemed, and its last characters, so that you can tell your cards apart. When a code is redeemed we record which account redeemed it and when, so that each card is used only once.',
        ],
      },
      {
        id: 'images',
        heading: 'Images you generate',
        blocks: [
          'Your prompts and the pictures made from them are kept in your account so that you can find and download them again. If we use an external image-generation service, only the prompt and the chosen style are sent to it, never your name or email address.',
        ],
      },
      {
        id: 'support',
        heading: 'Messages to customer care',
        blocks: [
          'When you write to us through the [contact form](/contact) we keep your email address, your name, the topic, your message, any order number or image id you give us, the language of the site and, if you are signed in, a link to your account. We use them only to answer you and to improve our help. You receive a confirmation with a ticket number by email.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Who else sees your data',
        blocks: [
          'We share personal data only with service providers who work for us under a contract and only as far as their task requires:',
          {
            list: [
              'the payment provider, for payments, deposits and fraud prevention;',
              'our email delivery service, to send you confirmations, codes and answers;',
              'our hosting and storage providers, who run the servers the shop lives on;',
              'an image-generation service, if we use one, which receives prompts only.',
            ],
          },
          'Where a provider processes data outside the European Economic Area, we rely on the safeguards of the GDPR, such as the European Commission’s standard contractual clauses. We disclose data to authorities only where the law obliges us to.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies and storage in your browser',
        blocks: [
          'Pictura uses two cookies and your browser’s local and session storage, only for what the shop needs to work. These are "necessary" and do not need your consent. Nothing is used for advertising or to follow you across other websites.',
          {
            table: {
              caption: 'What the shop keeps in your browser',
              head: ['Name', 'Where', 'What for', 'How long'],
              rows: [
                ['i18next', 'Cookie', 'The language of the site', '1 year'],
                [
                  'currency',
                  'Cookie',
                  'Your chosen currency, so that pages come with their prices in it',
                  '1 year',
                ],
                [
                  'jwtToken, refreshToken',
                  'Session storage',
                  'Keeps you signed in in this tab',
                  'Until you close the tab or log out',
                ],
                ['currency', 'Local storage', 'Your chosen currency', 'Until you change it'],
                [
                  'cart, gift-card',
                  'Local storage',
                  'The contents of your cart',
                  'Until you order or empty the cart',
                ],
                [
                  'paymentLink, lastDeposit, paymentAttempt',
                  'Session storage',
                  'The payment you are in the middle of, a deposit to try again if it fails, and a random key that keeps a repeated click or reload from paying twice',
                  'Until you close the tab',
                ],
                [
                  'react-router-scroll-positions',
                  'Session storage',
                  'Takes you back to where you were on a page when you go back',
                  'Until you close the tab',
                ],
                [
                  'release-reload-at',
                  'Session storage',
                  'Loads a new version of the shop safely',
                  '10 seconds',
                ],
                [
                  'cookie-consent',
                  'Local storage',
                  'Your choice in the cookie banner',
                  '12 months, then we ask again',
                ],
              ],
            },
          },
          'The cookie banner also offers optional categories: "Preferences" (remembering display choices such as gallery filters) and "Statistics" (counting visits anonymously). At present Pictura sets no optional cookies or storage at all; if we start to, we will do so only after you have agreed. You can change your choice at any time with "Cookie settings" at the bottom of every page.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep your data',
        blocks: [
          {
            list: [
              'Account, generated images and balance: as long as your account exists. When you delete your account, they are removed at once, except the records the law requires us to keep (see [Downloading your data and deleting your account](/privacy-policy#your-data)).',
              'Receipts, and the billing name and address of orders: unaltered, also after you delete your account, for 10 years after the end of the year of the sale, because the law obliges us to keep them (legal obligation, GDPR art. 6(1)(c) and 17(3)(b): issued invoices must be kept unaltered under the EU VAT Directive, art. 233, and the records of sales of electronic services to consumers in the EU for 10 years, art. 369k; Spanish tax and commercial law ask for 4 and 6 years). Then they are erased automatically. Orders, payments, gift cards and balance movements otherwise: as long as tax and accounting law requires, generally up to 10 years after the end of the year in which they took place.',
              'Sign-in sessions and account activity: at most 30 days; password reset codes: 15 minutes; email verification links: 24 hours.',
              'Messages to customer care: 2 years after our last exchange on the matter.',
              'Server logs: 30 days.',
            ],
          },
        ],
      },
      {
        id: 'security',
        heading: 'How we protect your data',
        blocks: [
          'All connections are encrypted (HTTPS). Passwords, session tokens, reset codes, verification links and recovery codes are stored only as hashes, and the secrets of two-step sign-in only encrypted. You can protect your account further with two-step sign-in or a passkey in your [account settings](/account-settings). Access to personal data is limited to the people who need it to run the shop, and every request is checked against your own account, so nobody can see another customer’s orders, balance or images.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        blocks: [
          'Under the GDPR you have the right to access your data, to have it corrected or deleted, to restrict or object to its use, to receive it in a portable format and to withdraw consent at any time. You can correct your name and billing address yourself in your [account settings](/account-settings) and [billing information](/billing-information). You can download a copy of your data and delete your account yourself in your [account settings](/account-settings) (see [below](/privacy-policy#your-data)). For anything else, write to us through the [contact form](/contact) from the email address of your account; we answer within one month.',
          'You also have the right to lodge a complaint with the data protection authority of the country where you live or work.',
        ],
      },
      {
        id: 'your-data',
        heading: 'Downloading your data and deleting your account',
        blocks: [
          '"Download my data" in your [account settings](/account-settings) prepares one ZIP file in the background; the page shows its progress. It holds a JSON file with every record we keep about you and the pictures themselves:',
          {
            list: [
              'your profile (email, name, language, currency) and billing details;',
              'your orders with their items, payments, purchased pictures, balances, debts and every balance movement;',
              'gift cards you bought, redeemed or were sent by customer care (without their codes, which we keep only as hashes);',
              'your support tickets and customer care’s answers to them, and the mails we sent you;',
              'your sign-in sessions (device, start and last use), your account activity of the last 30 days and your generation jobs;',
              'your receipts and the billing details given with each deposit; when you confirmed your email address; whether two-step sign-in is on and your passkeys’ names and dates (never the secret, the recovery codes or the keys themselves);',
              'consents: agreeing to this policy is part of creating an account, so the account is its record; your cookie choices are kept only in your browser and never reach our server, so the file says so instead of listing them;',
              'the pictures you generated and those you bought, as their downloads give them.',
            ],
          },
          'When it is ready we email you. Only you can download it, in your account settings while signed in, for 7 days: the mail carries no download link, and logging out everywhere or changing your password also ends the download for every other device. After 7 days the file is deleted automatically and you can prepare a new copy at any time. Preparing a new copy removes the previous file.',
          '"Delete my account" asks for your password again and shows any balance you still have, which is forfeited: it cannot be paid out afterwards. Deleting the account at once signs you out on every device and removes your profile and billing details, your password, your generated pictures, your purchased downloads, your data exports, your two-step sign-in and passkeys, what you wrote in support tickets (and our answers), and the prompts of your generation jobs.',
          'What the law requires us to keep stays: orders and receipts (numbers, amounts, items, country for tax), payments, gift cards and balance movements, for the periods given in [How long we keep your data](/privacy-policy#retention). Your receipts, as issued, and the billing name and address of your orders stay unaltered until that period ends, because the law forbids changing issued invoices; then they are erased automatically. Everything else in these records is pseudonymised: your email is replaced by a placeholder that identifies no one, and your name, address and browser details are erased from them, so they no longer point to you. You can sign up again with the same email address later; the new account starts empty.',
        ],
      },
      {
        id: 'children',
        heading: 'Children',
        blocks: [
          'Pictura is not meant for children under 16, and we do not knowingly collect data about them.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        blocks: [
          'When we change this policy, we update the date at the top. If a change affects how we use data you have already given us, we tell you by email or in the shop before it takes effect.',
        ],
      },
      {
        id: 'contact',
        heading: 'How to reach us',
        blocks: [
          'For any question about your data, use the [contact form](/contact) and choose the topic "Something else". You receive a ticket number at once and an answer by email, usually within two working days.',
        ],
      },
    ],
  },
  terms: {
    sections: [
      {
        id: 'about',
        heading: 'About these terms',
        blocks: [
          'These terms apply to every use of Pictura: browsing the gallery, creating an account, buying pictures and gift cards, keeping a balance and generating images. By creating an account or placing an order you accept them. How we handle personal data is described in our [privacy policy](/privacy-policy).',
        ],
      },
      {
        id: 'account',
        heading: 'Your account',
        blocks: [
          'You must be at least 16 years old and give a working email address. Keep your password to yourself; you are responsible for what happens in your account. If you think someone else knows your password, change it and use "Log out everywhere" in your [account settings](/account-settings).',
          'We may suspend an account that is used for fraud, to attack the shop or against the rules for generating images below. We tell you why, unless the law forbids it.',
        ],
      },
      {
        id: 'prices',
        heading: 'Prices and payment',
        blocks: [
          'Prices are shown in euros (EUR) or US dollars (USD), whichever you choose, and are final prices including any VAT. Each picture has its own price in each currency; we do not convert between them. Changing the currency empties your cart.',
          'You pay by card through our payment provider or from your balance. If you choose to pay with your balance, it pays as much as it can and the rest is paid by card. An order waits 30 minutes for its payment; if the payment fails or does not arrive in time, the order is cancelled and any part taken from your balance is given back at once.',
          'A purchase is complete when the payment has been confirmed. Your pictures are then ready to download under [My artworks](/artworks), each with its licence text.',
        ],
      },
      {
        id: 'balance',
        heading: 'Your balance',
        blocks: [
          'Your balance is prepaid credit for purchases and image generation in the shop, kept separately in EUR and in USD. You can top it up by deposit (from 5.00 to 1,000.00 at a time) or by redeeming a gift card.',
          'The balance bears no interest, cannot be transferred to another account, and is not paid out in cash, except as described under refunds below. It never goes below zero: a purchase or generation that would exceed it is refused or paid partly by card.',
        ],
      },
      {
        id: 'gift-cards',
        heading: 'Gift cards',
        blocks: [
          'Gift cards are bought through the cart for an amount from 5.00 to 500.00 in EUR or USD. After payment the code is shown once in your order history and sent to you by email. Treat it like cash: anyone who knows the code can redeem it, and we cannot replace a code that someone else has already used.',
          'A gift card is redeemed once, in full, into the balance of the account that redeems it, in the card’s currency. Gift cards do not expire and cannot be exchanged for cash.',
        ],
      },
      {
        id: 'refunds',
        heading: 'Refunds and cancellations',
        blocks: [
          'Pictures are digital content that you receive immediately. When you place an order, you ask us to make the download available at once and you acknowledge that your 14-day right of withdrawal ends as soon as the download is available. Your rights under the law when a file is faulty remain unaffected.',
          {
            list: [
              'If a download does not work, the file is damaged or it is clearly not the picture described, tell us within 30 days through the [contact form](/contact) (topic "Purchases and payment"). We send a working file or refund the price.',
              'Deposits you have not spent can be refunded within 14 days of the deposit, to the card that paid them.',
              'When you close your account, we refund the unspent part of your deposits to the original payment method. Balance that came from gift cards is not paid out.',
              'Image generation is charged only when the picture has been created; if a generation fails, the amount held for it returns to your balance automatically.',
              'An unused gift card can be refunded within 14 days of purchase.',
            ],
          },
          'Refunds go back to the original payment method or, if you prefer, to your balance, usually within 14 days.',
        ],
      },
      {
        id: 'licences',
        heading: 'Who owns the pictures and what your licence allows',
        blocks: licenceSectionBlocks(LICENCES),
      },
      {
        id: 'generation',
        heading: 'Generating images',
        blocks: [
          'Each generation is paid from your balance at the price shown on the [Create](/create) page before you start. The pictures you generate are for you: as far as any rights in them arise, we transfer them to you, and you may use your generated pictures as the commercial licence above allows, including selling products with them. Because pictures are made by AI, similar pictures may be made for others, and in some countries AI-generated pictures are not protected by copyright at all; we therefore cannot promise that a generated picture is unique or that you can stop others from using a similar one.',
          'Do not ask for pictures that are illegal, sexual content involving minors, realistic sexual or violent pictures of real people, hateful content, or copies of other people’s works, logos or characters. You are responsible for your prompts and for how you use the results. We may refuse a prompt or remove a picture that breaks these rules.',
        ],
      },
      {
        id: 'liability',
        heading: 'Availability and liability',
        blocks: [
          'We work to keep Pictura available and correct, but we cannot promise that it is never interrupted. We are fully liable for damage caused intentionally or by gross negligence and for injury to life, body or health. For slight negligence we are liable only for breaches of essential obligations and only for the damage typical and foreseeable for such a contract. Your statutory rights as a consumer remain unaffected.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to these terms',
        blocks: [
          'We may change these terms for the future, for example when we add features or the law changes. We tell you about changes by email at least 30 days before they take effect; you may close your account before then. Orders already placed stay under the terms that applied when you placed them.',
        ],
      },
      {
        id: 'law',
        heading: 'Applicable law and disputes',
        blocks: [
          'These terms are governed by the law of the country in which Pictura is established. If you are a consumer, you also keep the protection of the mandatory law of the country where you live, and you may bring a claim there. Please contact us first: most problems are solved quickly through the [contact form](/contact).',
        ],
      },
      {
        id: 'contact',
        heading: 'How to reach us',
        blocks: [
          'Questions about an order, a payment, a licence or these terms: use the [contact form](/contact). You receive a ticket number at once and an answer by email, usually within two working days.',
        ],
      },
    ],
  },
  ...licenceDocuments(LICENCES),
};

export default en;
