// The app's top-level views besides the library, each in its own folder under views/.
// A view is a tab of the window (ViewTabs); the library is always the first one. An area
// adds its view here, once: id, label, icon and the component that fills the window.
import type { ComponentType } from 'react';
import type { IconName } from '../components/Icon.tsx';
import { CatalogView } from './catalog/CatalogView.tsx';
import { DatasetsView } from './datasets/DatasetsView.tsx';
import { DuplicatesView } from './duplicates/DuplicatesView.tsx';
import { GroupsView } from './groups/GroupsView.tsx';
import { PeopleView } from './people/PeopleView.tsx';

export interface ViewDefinition {
  id: string;
  label: string;
  icon: IconName;
  component: ComponentType;
}

export const VIEWS: readonly ViewDefinition[] = [
  { id: 'catalog', label: 'Catalog', icon: 'search', component: CatalogView },
  { id: 'datasets', label: 'Datasets', icon: 'folder', component: DatasetsView },
  { id: 'groups', label: 'Groups', icon: 'group', component: GroupsView },
  { id: 'people', label: 'People', icon: 'person', component: PeopleView },
  { id: 'duplicates', label: 'Duplicates', icon: 'book', component: DuplicatesView },
];
