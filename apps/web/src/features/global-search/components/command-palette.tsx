import type { GlobalSearchResponse } from '@inspecta/contract';
import { Badge, Button, Group, Kbd, Loader, Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type Icon,
  IconBell,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCategory,
  IconSearch,
} from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isGroup, sidebarEntries } from '@/components/layouts/navigation';
import { paths } from '@/config/paths';
import { useGlobalSearch } from '../api/get-global-search';
import { describeHits } from '../lib/describe-hit';
import { KIND_LABELS } from '../lib/result-links';
import { buildSearchPath } from '../lib/search-path';
import classes from './command-palette.module.css';
import { KIND_ICONS } from './search-results';

const PER_GROUP = 3;
const DEBOUNCE_MS = 200;

interface PaletteOption {
  id: string;
  label: string;
  meta?: string;
  badge?: string;
  href: string;
  icon: Icon;
}

interface PaletteSection {
  id: string;
  label: string;
  options: PaletteOption[];
}

/** The main screens, from the sidebar (its two catalogue menus lead to the same two screens). */
const QUICK_LINKS: PaletteOption[] = (() => {
  const seen = new Set<string>();
  const links: PaletteOption[] = [];
  const add = (label: string, href: string, icon: Icon) => {
    if (seen.has(href)) return;
    seen.add(href);
    links.push({ id: `go-${links.length}`, label, href, icon, meta: 'Go to' });
  };
  for (const entry of sidebarEntries) {
    if (isGroup(entry)) {
      for (const child of entry.children) add(`${child.label} (${entry.label})`, child.to, child.icon);
    } else {
      add(entry.label, entry.to, entry.icon);
    }
  }
  add('Notifications', paths.notifications, IconBell);
  // The shop has no sidebar entry (DESIGN.md "Shop"): the palette is one of its ways in.
  add('Shop: Products', paths.shopProducts, IconBuildingStore);
  add('Shop: Categories', paths.shopCategories, IconCategory);
  add('Shop: Inventory', paths.shopInventory, IconBuildingWarehouse);
  return links;
})();

function resultSections(data: GlobalSearchResponse | undefined): PaletteSection[] {
  if (!data) return [];
  return data.groups
    .filter((group) => group.items.length > 0)
    .map((group) => ({
      id: group.kind,
      label: KIND_LABELS[group.kind].title,
      options: describeHits(group).map((hit) => ({
        id: hit.key,
        label: hit.title,
        meta: hit.meta,
        badge: hit.match === 'exact' ? 'Exact' : hit.status,
        href: hit.href,
        icon: KIND_ICONS[group.kind],
      })),
    }));
}

/**
 * The command palette's dialog (`CommandPalette` in command-palette-shortcut.tsx opens it). It
 * searches with the global search endpoint as you type and offers the main screens; arrows move,
 * Enter opens, Esc closes.
 */
export function CommandPaletteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Search Inspecta"
      size="lg"
      yOffset="8vh"
      padding="md"
      classNames={{ body: classes.body }}
      closeButtonProps={{ 'aria-label': 'Close search' }}
      data-testid="command-palette"
    >
      <PaletteBody onDone={onClose} />
    </Modal>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const listboxId = useId();
  const [value, setValue] = useState('');
  const term = value.trim();
  const [debounced] = useDebouncedValue(term, DEBOUNCE_MS);
  const search = useGlobalSearch(
    { search: debounced, limit_per_group: PER_GROUP },
    { enabled: debounced.length > 0, keepPrevious: true },
  );
  const results = debounced ? search.data : undefined;

  const sections = useMemo<PaletteSection[]>(() => {
    const needle = term.toLowerCase();
    const links = QUICK_LINKS.filter((link) => !needle || link.label.toLowerCase().includes(needle));
    if (!term) return [{ id: 'go', label: 'Go to', options: links }];
    const everything = buildSearchPath(term);
    return [
      ...resultSections(results),
      ...(everything
        ? [
            {
              id: 'all',
              label: 'Search',
              options: [
                {
                  id: 'search-all',
                  label: `Search everything for “${term}”`,
                  meta: 'All results, grouped',
                  href: everything,
                  icon: IconSearch,
                },
              ],
            },
          ]
        : []),
      ...(links.length ? [{ id: 'go', label: 'Go to', options: links }] : []),
    ];
  }, [term, results]);

  const options = sections.flatMap((s) => s.options);
  const [active, setActive] = useState(0);
  // New results or a new term: start again at the first (the best) option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when the options change.
  useEffect(() => setActive(0), [sections]);
  const activeOption = options[Math.min(active, options.length - 1)];
  const optionDomId = (option: PaletteOption) => `${listboxId}-${option.id}`;

  const activeId = activeOption ? optionDomId(activeOption) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const go = (option: PaletteOption | undefined) => {
    if (!option) return;
    onDone();
    void navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!options.length) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + options.length) % options.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActive(options.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(activeOption);
    }
  };

  const searching = term.length > 0 && (term !== debounced || search.isFetching);
  const failed = debounced.length > 0 && search.isError && !search.isFetching;
  const noMatches = debounced.length > 0 && term === debounced && results && !resultSections(results).length;

  return (
    <>
      <TextInput
        data-autofocus
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder="Search by Id, SiteId no., name, asset tag, serial, email… or a screen"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        rightSection={searching ? <Loader size={16} aria-hidden="true" /> : null}
        size="md"
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-label="Search or jump to"
        aria-expanded={options.length > 0}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        data-testid="command-palette-input"
      />

      <div className={classes.status} aria-live="polite" data-testid="command-palette-status">
        {failed ? (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              No results to show.
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => void search.refetch()}>
              Try again
            </Button>
          </Group>
        ) : noMatches ? (
          <Text size="sm" c="dimmed">
            Nothing matches “{debounced}”.
          </Text>
        ) : searching ? (
          <Text size="sm" c="dimmed">
            Searching…
          </Text>
        ) : null}
      </div>

      <div id={listboxId} role="listbox" aria-label="Results and screens" className={classes.listbox}>
        {sections.map((section) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox owns options and groups of options, not fieldsets.
          <div key={section.id} role="group" aria-label={section.label} className={classes.section}>
            <div className={classes.sectionLabel} aria-hidden="true">
              {section.label}
            </div>
            {section.options.map((option) => {
              const selected = option === activeOption;
              const OptionIcon = option.icon;
              return (
                <UnstyledButton
                  key={option.id}
                  id={optionDomId(option)}
                  component="div"
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  className={classes.option}
                  data-active={selected || undefined}
                  // Keep the focus in the input, so the keyboard keeps working after a click.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (!selected) setActive(options.indexOf(option));
                  }}
                  onClick={() => go(option)}
                  data-testid="command-palette-option"
                >
                  <OptionIcon size={18} aria-hidden="true" className={classes.optionIcon} />
                  <span className={classes.optionText}>
                    <span className={classes.optionLabel}>{option.label}</span>
                    {option.meta ? <span className={classes.optionMeta}>{option.meta}</span> : null}
                  </span>
                  {option.badge ? (
                    <Badge
                      size="sm"
                      variant="light"
                      color="gray"
                      c="dark.7"
                      radius="sm"
                      className={classes.optionBadge}
                    >
                      {option.badge}
                    </Badge>
                  ) : null}
                </UnstyledButton>
              );
            })}
          </div>
        ))}
      </div>

      <Group gap="md" className={classes.footer} visibleFrom="sm" aria-hidden="true">
        <span>
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move
        </span>
        <span>
          <Kbd size="xs">Enter</Kbd> open
        </span>
        <span>
          <Kbd size="xs">Esc</Kbd> close
        </span>
      </Group>
    </>
  );
}
