export interface FaqEntry {
  question: string;
  answer: string;
}

/** The eight questions merchants ask before requesting an analysis (spec §9: 8 FAQ entries). */
export const faqEntries: readonly FaqEntry[] = [
  {
    question: 'What is dual pricing?',
    answer:
      'Dual pricing means showing two prices for every item: a cash price and a card price. Customers who pay with cash get the lower price; the card price includes a small adjustment that covers the cost of accepting cards. Instead of absorbing processing fees on every sale, your business keeps the full amount, which is how merchants cut their fees by 15-30% on average and up to 100%.',
  },
  {
    question: 'Is dual pricing legal and compliant with card brand rules?',
    answer:
      'Yes. Offering a discount for paying cash is protected by federal law and permitted in all 50 states. What matters is doing it correctly: both prices must be clearly displayed, the signage must be posted at the entrance and the point of sale, and receipts must show the difference. We set up your pricing, signage and receipts to follow Visa, Mastercard, Discover and American Express rules, and we keep them current when those rules change.',
  },
  {
    question: 'What will my customers see?',
    answer:
      'Clear, simple signage and a receipt that shows both the cash price and the card price. Nothing is hidden and there is no surprise fee at the register. Most customers already know dual pricing from gas stations, and merchants tell us complaints are rare; card-paying customers still enjoy the convenience and rewards of their card.',
  },
  {
    question: 'Do I need new equipment?',
    answer:
      'Often not. Many existing terminals and point-of-sale systems can be configured for dual pricing. If yours cannot, we provide a compatible terminal or POS and program it for you, and we tell you the cost, if any, before you decide. Setup and staff training are included either way.',
  },
  {
    question: 'Am I locked into a long-term contract?',
    answer:
      'No. Our program is month-to-month with no early termination fee. Your analysis lists every rate and fee in writing before you sign anything, so you know exactly what you are agreeing to.',
  },
  {
    question: 'How long does the free analysis take?',
    answer:
      'About five minutes of your time. Fill in the form, and a specialist will reach out to collect a recent processing statement. You will receive a side-by-side comparison of what you pay today and what you would pay with us, usually within one to two business days.',
  },
  {
    question: 'What does it cost?',
    answer:
      'The analysis is free and comes with no obligation. If you join the program, your costs are set out upfront: with dual pricing most of your processing fees are covered by the card price adjustment, and any remaining fixed costs, such as a monthly program fee, are shown in your analysis before you commit.',
  },
  {
    question: 'How do you protect my data?',
    answer:
      'We use the details you share only to prepare your analysis and to contact you about it, and we never sell your information. Statements are exchanged over encrypted connections, card data is handled by PCI DSS-compliant processors, and you can ask us to delete your information at any time.',
  },
];
