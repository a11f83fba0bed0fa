import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { SectionHeading } from './section-heading';

type Question = { id: string; question: string; answer: string };

const questions: readonly Question[] = [
  {
    id: 'credits',
    question: 'How do credits work?',
    answer:
      'Every plan comes with a monthly credit allowance, and you choose the size of the pack. Conversations with your agents, AI builds and evaluation runs draw from the same balance. The account menu shows what is left against your plan limit, and larger packs cost less per credit.',
  },
  {
    id: 'plans',
    question: 'Can I change or cancel my plan later?',
    answer:
      'Yes. Upgrades bill immediately with prorated credits. Downgrades take effect at the end of your current billing period, and a cancellation runs to the end of the period you already paid for, so you can resubscribe before then without losing anything.',
  },
  {
    id: 'annual',
    question: 'How much do I save with annual billing?',
    answer:
      'Annual billing costs 40% less than paying month by month. You pay for the year up front; we show the equivalent monthly price on each plan so you can compare.',
  },
  {
    id: 'widget',
    question: 'How do I put an agent on a client’s website?',
    answer:
      'Design the chat widget in the workspace (title, colours, logo, placement, first and popup messages, dark or light) and paste one script tag into the client’s site. The widget takes none of the host page’s styles, and it speaks 16 languages, including right-to-left Arabic.',
  },
  {
    id: 'demos',
    question: 'What are demos?',
    answer:
      'A demo is a shareable link where a prospect chats with your agent before they buy: as a widget over their own website, or in an SMS, Facebook or Instagram style chat. Starter includes basic demos, Growth adds advanced demos, and Scale adds white-label demos without any Agentry branding.',
  },
  {
    id: 'evaluations',
    question: 'How do evaluations work?',
    answer:
      'Pick a testing model, describe what a simulated user wants, and build groups of custom, compliance and prompt-hacking questions, or let AI generate them. Agentry runs the whole set against your agent and scores every answer, so you find weak spots before your client does. Save your settings as templates to reuse them.',
  },
  {
    id: 'white-label',
    question: 'Can I white-label Agentry for my clients?',
    answer:
      'Yes, on Scale and Enterprise. You get white-label sub accounts and branding, so clients see your agency’s name, logo and colours. Each client lives in its own sub account with its own agents, connections and team.',
  },
  {
    id: 'sub-accounts',
    question: 'What is a sub account?',
    answer:
      'A separate workspace for one client. Starter includes 1 sub account, Growth 5 and Scale unlimited. If you move down to Starter, extra sub accounts are locked, never deleted, and come back when you upgrade.',
  },
];

export function FaqSection() {
  return (
    <section id="faq" tabIndex={-1} aria-labelledby="faq-heading" className="scroll-mt-20 py-16 outline-none sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading
          id="faq-heading"
          eyebrow="FAQ"
          title="Questions agencies ask us"
          description="The short answers. Anything else, our support team is one e-mail away."
        />
        <Accordion type="single" collapsible className="mt-12 border-t border-white/10">
          {questions.map((item) => (
            <AccordionItem key={item.id} value={item.id} className="border-white/10">
              <AccordionTrigger className="text-white hover:text-accent focus-visible:outline-accent">
                {item.question}
              </AccordionTrigger>
              <AccordionContent className="max-w-2xl text-base leading-relaxed text-white/65">
                {item.answer}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
