// The app's top-level views besides the library, each in its own folder under views/.
// A view is a tab of the window (ViewTabs); the library is always the first one. An area
// adds its view here, once: id, label, icon and the component that fills the window.
// Each view's code is a chunk of its own, loaded when its tab is first opened (App.tsx
// shows "Loading…" meanwhile): the library's first paint does not wait for it.
import type { ComponentType } from 'react';
import type { IconName } from '../components/Icon.tsx';
import { onDemand } from '../lib/onDemand.ts';

export interface ViewDefinition {
  id: string;
  label: string;
  icon: IconName;
  component: ComponentType;
}

export const VIEWS: readonly ViewDefinition[] = [
  { id: 'catalog', label: 'Catalog', icon: 'search', component: onDemand(() => import('./catalog/CatalogView.tsx').then((m) => m.CatalogView)) },
  { id: 'datasets', label: 'Datasets', icon: 'folder', component: onDemand(() => import('./datasets/DatasetsView.tsx').then((m) => m.DatasetsView)) },
  { id: 'groups', label: 'Groups', icon: 'group', component: onDemand(() => import('./groups/GroupsView.tsx').then((m) => m.GroupsView)) },
  { id: 'people', label: 'People', icon: 'person', component: onDemand(() => import('./people/PeopleView.tsx').then((m) => m.PeopleView)) },
  { id: 'duplicates', label: 'Duplicates', icon: 'book', component: onDemand(() => import('./duplicates/DuplicatesView.tsx').then((m) => m.DuplicatesView)) },
];
